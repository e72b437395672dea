import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import MiniSearch, { type SearchResult } from 'minisearch';
import { DataSource } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import { ApiEntry, CatalogueState } from '../../database/entities';
import { categoriesByApi } from './category-links';

/** How often an instance reads the shared catalogue version (one indexed one-row read). */
const VERSION_CHECK_MS = 1000;

const HAN = /\p{Script=Han}/u;
/** Runs of Han characters, or runs of other letters and digits (so "IP查询" is "ip", "查询"). */
const WORDS = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const NAME_FIELDS = new Set(['name', 'name_en', 'title_en']);

/**
 * Chinese has no spaces, so a run of Han characters is indexed as its characters and its
 * two-character pairs: "天气预报" is found by "天", "天气" and "预报".
 */
function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.matchAll(WORDS)) {
    if (!HAN.test(word)) {
      terms.push(word);
      continue;
    }
    const chars = [...word];
    terms.push(...chars);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i] + chars[i + 1]);
  }
  return terms;
}

/** A query's Han runs become their pairs (all must match), so "天气预报" does not match "天预". */
function queryTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.matchAll(WORDS)) {
    const chars = [...word];
    if (!HAN.test(word) || chars.length === 1) terms.push(word);
    else for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i] + chars[i + 1]);
  }
  return terms;
}

interface SearchDoc {
  id: number;
  name: string;
  name_en: string;
  title_en: string;
  description: string;
  description_en: string;
  /** The categories' Chinese and English names and slugs. */
  categories: string;
}

interface DocFacts {
  is_paid: number;
  is_pinned: number;
  categories: string[];
}

export interface SearchFilter {
  is_paid?: number;
  is_pinned?: number;
  category?: string;
}

interface BuiltIndex {
  version: number;
  index: MiniSearch<SearchDoc>;
  facts: Map<number, DocFacts>;
}

const matchedName = (result: SearchResult) =>
  Object.values(result.match).some((fields) => fields.some((field) => NAME_FIELDS.has(field)));

/**
 * The public search: a MiniSearch index of the enabled APIs in this process. Matches in a name
 * (Chinese name, English name, English title) rank before matches only in descriptions or
 * categories; every word must match, as a prefix, and words of four letters or more may have one
 * typo.
 *
 * Kept in step on every instance: an admin change made here drops the index at once and raises
 * catalogue_state.version in the shared database; every instance reads that version at most once a
 * second (on the next list request, see CatalogueService) and, when it moved, tells its own
 * listeners through ContentEvents.relayed, which drops this index and the list caches alike. Redis,
 * when configured, relays the change sooner; the version makes it work without Redis too.
 */
@Injectable()
export class CatalogueSearch implements OnModuleDestroy {
  private readonly logger = new Logger('CatalogueSearch');
  private built: Promise<BuiltIndex> | null = null;
  /** The version the current index was built at, once built. */
  private builtVersion: number | null = null;
  private seenVersion: number | null = null;
  private lastCheck = 0;
  private checking: Promise<void> | null = null;
  /**
   * Raises and reads of the version run one after another, so a raise of ours is counted into
   * seenVersion before the next read: only other instances' raises count as news.
   */
  private versionWork: Promise<unknown> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: ContentEvents,
  ) {
    this.unsubscribe = events.on((kind, local) => {
      if (kind !== 'apis') return;
      this.built = null;
      if (local) return this.bump();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe();
    await this.versionWork;
  }

  /**
   * Reads the shared version when the last read is over a second old; a moved version is
   * another instance's change. Returns the read in flight (callers that can serve a moment's
   * staleness do not wait), or undefined when none is due.
   */
  refresh(): Promise<void> | undefined {
    if (this.checking) return this.checking;
    const now = Date.now();
    if (now - this.lastCheck < VERSION_CHECK_MS) return undefined;
    this.lastCheck = now;
    const check = this.versionWork
      .then(() => this.readVersion())
      .then((version) => {
        const previous = this.seenVersion;
        this.seenVersion = version;
        if (previous !== null && previous !== version) this.events.relayed('apis');
        else if (this.builtVersion !== null && this.builtVersion !== version) this.built = null;
      })
      .catch((error: Error) =>
        this.logger.warn(`could not read the catalogue version: ${error.message}`),
      )
      .finally(() => {
        this.checking = null;
      });
    this.versionWork = this.checking = check;
    return check;
  }

  /** The ids of the enabled APIs matching `text` and the filter, best first. */
  async search(text: string, filter: SearchFilter): Promise<number[]> {
    if (!this.built) {
      const building = this.build();
      this.built = building;
      this.builtVersion = null;
      building.then(
        (built) => {
          if (this.built === building) this.builtVersion = built.version;
        },
        () => {
          if (this.built === building) this.built = null;
        },
      );
    }
    const { index, facts } = await this.built;
    const results = index.search(text, {
      filter: (result) => {
        const doc = facts.get(result.id as number);
        if (!doc) return false;
        if (filter.is_paid !== undefined && doc.is_paid !== filter.is_paid) return false;
        if (filter.is_pinned !== undefined && doc.is_pinned !== filter.is_pinned) return false;
        return filter.category === undefined || doc.categories.includes(filter.category);
      },
    });
    const names = new Set(results.filter(matchedName).map((result) => result.id as number));
    return results
      .map((result, rank) => ({
        id: result.id as number,
        rank,
        name: names.has(result.id as number),
      }))
      .sort((a, b) => Number(b.name) - Number(a.name) || a.rank - b.rank)
      .map((result) => result.id);
  }

  private readVersion(): Promise<number> {
    return this.dataSource
      .getRepository(CatalogueState)
      .findOne({ where: { id: 1 }, select: { id: true, version: true } })
      .then((row) => row?.version ?? 0);
  }

  /** Raises the shared version; resolves once it is raised (or the raise failed and was logged). */
  private bump(): Promise<unknown> {
    this.versionWork = this.versionWork
      .then(() => this.dataSource.getRepository(CatalogueState).increment({ id: 1 }, 'version', 1))
      .then(() => {
        if (this.seenVersion !== null) this.seenVersion += 1;
      })
      .catch((error: Error) =>
        this.logger.warn(`could not raise the catalogue version: ${error.message}`),
      );
    return this.versionWork;
  }

  private async build(): Promise<BuiltIndex> {
    const version = await this.readVersion();
    const apis = await this.dataSource.getRepository(ApiEntry).find({
      select: {
        id: true,
        name: true,
        name_en: true,
        title_en: true,
        description: true,
        description_en: true,
        is_paid: true,
        is_pinned: true,
      },
      where: { status: 1 },
    });
    const categories = await categoriesByApi(
      this.dataSource.manager,
      apis.map((api) => api.id),
    );
    const index = new MiniSearch<SearchDoc>({
      fields: ['name', 'name_en', 'title_en', 'description', 'description_en', 'categories'],
      tokenize: indexTerms,
      searchOptions: {
        tokenize: queryTerms,
        combineWith: 'AND',
        boost: { name: 4, name_en: 4, title_en: 4, categories: 2 },
        prefix: (term) => term.length >= 2,
        fuzzy: (term) => (term.length >= 4 && !HAN.test(term) ? 1 : false),
      },
    });
    const facts = new Map<number, DocFacts>();
    const docs = apis.map((api) => {
      const own = categories.get(api.id) ?? [];
      facts.set(api.id, {
        is_paid: api.is_paid,
        is_pinned: api.is_pinned,
        categories: own.map((category) => category.slug),
      });
      return {
        id: api.id,
        name: api.name,
        name_en: api.name_en,
        title_en: api.title_en,
        description: api.description,
        description_en: api.description_en,
        categories: own.map((c) => `${c.name} ${c.name_en} ${c.slug}`).join(' '),
      };
    });
    // In chunks, so a large catalogue does not hold the event loop while it is indexed.
    await index.addAllAsync(docs, { chunkSize: 200 });
    return { version, index, facts };
  }
}
