import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { stringify } from 'yaml';
import { notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { ApiEntry } from '../../database/entities';
import { SiteConfigService } from '../config';
import { DocumentedApi, toDocumentedApi } from './dto/documented-api';
import { renderApiMarkdown, renderLlmsFull, renderLlmsTxt } from './llms';
import { buildOpenApiDocument, DocumentSite } from './openapi-document';
import { siteBase } from '../../common/site-base';

/** Other instances' admin writes reach this one through this expiry when no Redis relays them. */
const MAX_AGE_MS = 5_000;
/** Rendered documents kept per snapshot: one per document and site URL (Host headers vary). */
const MAX_RENDERED = 200;

/** An API whose name is one clean path segment: /apis/<name_en> is then one OpenAPI path. */
const DOCUMENTABLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

interface Snapshot {
  apis: DocumentedApi[];
  /** By lower-cased name_en: English names are unique regardless of case. */
  byName: Map<string, DocumentedApi>;
  /** What search_apis matches: names and both descriptions, lower-cased. */
  haystacks: Map<DocumentedApi, string>;
  title: string;
  description: string;
  configuredUrl: string;
  copyright: string;
  version: string;
  rendered: Map<string, string>;
}

/**
 * The enabled catalogue as documents for programs and agents: OpenAPI (JSON and YAML, whole or
 * per API), llms.txt and llms-full.txt, and the search and docs the MCP tools answer with. One
 * snapshot of the catalogue and site settings is loaded at a time; documents rendered from it are
 * kept with it, so the content events that drop the catalogue caches drop them all at once.
 */
@Injectable()
export class CatalogueDocs implements OnModuleDestroy {
  private snapshot?: Promise<Snapshot>;
  private loadedAt = 0;
  private readonly unsubscribe: () => void;

  constructor(
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    private readonly config: SiteConfigService,
    events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind) => {
      if (kind === 'apis' || kind === 'config') this.snapshot = undefined;
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** The site's base URL for a request from `origin`: site_url when set. */
  async siteUrl(origin: string): Promise<string> {
    return siteBase((await this.current()).configuredUrl, origin);
  }

  openApi(origin: string, format: 'json' | 'yaml'): Promise<string> {
    return this.render(`openapi.${format}`, origin, (snapshot, site) => {
      const document = buildOpenApiDocument(snapshot.apis, site, snapshot.version);
      return format === 'json' ? JSON.stringify(document) : toYaml(document);
    });
  }

  /** One enabled API's own OpenAPI document (JSON); 404 for unknown or disabled APIs. */
  async apiOpenApi(nameEn: string, origin: string): Promise<string> {
    const api = (await this.current()).byName.get(nameEn.toLowerCase());
    if (!api) throw notFound('apis.not_found', 'API not found');
    return this.render(`api:${api.name_en}`, origin, (snapshot, site) =>
      JSON.stringify(
        buildOpenApiDocument(
          [api],
          { ...site, title: `${site.title}: ${api.name_en}`, description: api.description },
          snapshot.version,
        ),
      ),
    );
  }

  llms(origin: string, full: boolean): Promise<string> {
    return this.render(full ? 'llms-full.txt' : 'llms.txt', origin, (snapshot, site) =>
      full ? renderLlmsFull(snapshot.apis, site) : renderLlmsTxt(snapshot.apis, site),
    );
  }

  async find(nameEn: string): Promise<DocumentedApi | undefined> {
    return (await this.current()).byName.get(nameEn.toLowerCase());
  }

  /** One API's documentation in markdown (for agents), or undefined when it is not enabled. */
  async markdown(nameEn: string, origin: string): Promise<string | undefined> {
    const snapshot = await this.current();
    const api = snapshot.byName.get(nameEn.toLowerCase());
    return api && renderApiMarkdown(api, siteBase(snapshot.configuredUrl, origin));
  }

  /**
   * Enabled APIs whose names or descriptions hold every word of `query` (all of them for an
   * empty query), best first: an exact English name, then words found in the names.
   */
  async search(query: string, limit: number): Promise<DocumentedApi[]> {
    const snapshot = await this.current();
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const exact = query.trim().toLowerCase();
    const scored = snapshot.apis.flatMap((api) => {
      const haystack = snapshot.haystacks.get(api)!;
      if (!words.every((word) => haystack.includes(word))) return [];
      const names = `${api.name} ${api.name_en}`.toLowerCase();
      const score =
        (api.name_en.toLowerCase() === exact ? 100 : 0) +
        words.filter((word) => names.includes(word)).length;
      return [{ api, score }];
    });
    return scored
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ api }) => api);
  }

  private async render(
    key: string,
    origin: string,
    build: (snapshot: Snapshot, site: DocumentSite) => string,
  ): Promise<string> {
    const snapshot = await this.current();
    const url = siteBase(snapshot.configuredUrl, origin);
    const cacheKey = `${key}\n${url}`;
    const hit = snapshot.rendered.get(cacheKey);
    if (hit !== undefined) return hit;
    const { title, description, copyright } = snapshot;
    const text = build(snapshot, { title, description, url, copyright });
    if (snapshot.rendered.size < MAX_RENDERED) snapshot.rendered.set(cacheKey, text);
    return text;
  }

  private current(): Promise<Snapshot> {
    if (!this.snapshot || Date.now() - this.loadedAt > MAX_AGE_MS) {
      this.loadedAt = Date.now();
      const loading = this.load();
      this.snapshot = loading;
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const [rows, config] = await Promise.all([
      this.apis.find({ where: { status: 1 }, order: { is_pinned: 'DESC', id: 'ASC' } }),
      this.config.find(),
    ]);
    const documentable = rows.filter((row) => DOCUMENTABLE_NAME.test(row.name_en));
    const apis = documentable.map(toDocumentedApi);
    const haystacks = new Map(
      apis.map((api, i) => {
        const row = documentable[i];
        const text = `${row.name} ${row.name_en} ${row.description} ${row.description_en}`;
        return [api, text.toLowerCase()];
      }),
    );
    const newest = apis.reduce(
      (latest, api) => (api.updated_at > latest ? api.updated_at : latest),
      '',
    );
    return {
      apis,
      byName: new Map(apis.map((api) => [api.name_en.toLowerCase(), api])),
      haystacks,
      title: config?.site_title.trim() || 'Portico',
      description: config?.site_description.trim() ?? '',
      configuredUrl: config?.site_url ?? '',
      copyright: (config?.copyright_en.trim() || config?.copyright.trim()) ?? '',
      version: newest || '1.0.0',
      rendered: new Map(),
    };
  }
}

/** Block YAML without anchors: every operation spells out its own security list. */
const toYaml = (document: unknown) =>
  stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
