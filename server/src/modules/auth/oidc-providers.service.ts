import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { seal, unseal } from '../../common/sealed';
import {
  GITHUB_URL,
  OIDC_CALLBACK_PATH,
  type OidcProviderAdminList,
  type OidcProviderAdminView,
  type OidcProviderButton,
  type SaveOidcProviderBody,
} from '../../contracts/oidc';
import { OidcProvider, UserIdentity } from '../../database/entities';
import { retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { SiteConfigService } from '../config';
import { siteBase } from '../../common/site-base';
import { requestOrigin } from '../openapi';

const SECRET_SEAL = 'oidc-client-secret';
/** Seconds a provider's discovery or token endpoint may take before the sign-in gives up. */
const PROVIDER_TIMEOUT_S = 10;
/** How long a provider's discovery document is reused before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

interface CachedConfiguration {
  stamp: string;
  readAt: number;
  configuration: Promise<oidc.Configuration>;
}

/**
 * The sign-in providers the admin sets up, and each one's client configuration from its
 * discovery document (read when first used, kept for an hour or until the provider is edited).
 */
@Injectable()
export class OidcProviders {
  private readonly logger = new Logger('OidcProviders');
  private readonly configurations = new Map<number, CachedConfiguration>();

  constructor(
    @InjectRepository(OidcProvider) private readonly providers: Repository<OidcProvider>,
    @InjectRepository(UserIdentity) private readonly identities: Repository<UserIdentity>,
    @Inject(ENV) private readonly env: Env,
    private readonly audit: AuditService,
    private readonly config: SiteConfigService,
    private readonly events: ContentEvents,
  ) {}

  /** The login page's buttons: the enabled providers, oldest first. */
  async buttons(): Promise<OidcProviderButton[]> {
    const rows = await this.providers.find({ where: { enabled: 1 }, order: { id: 'ASC' } });
    return rows.map((row) => ({ id: row.id, name: row.name }));
  }

  /** An enabled provider, else 404 `oidc.provider_not_found`. */
  async enabled(id: number): Promise<OidcProvider> {
    const row = await this.providers.findOneBy({ id, enabled: 1 });
    if (!row) throw providerNotFound();
    return row;
  }

  /**
   * The address providers send the browser back to: 网站地址, else PUBLIC_URL, else the request's
   * own origin; 400 `oidc.origin_unknown` behind a proxy with neither set.
   */
  async callbackUrl(request: FastifyRequest): Promise<string> {
    const config = await this.config.find();
    const base = siteBase(config?.site_url ?? '', requestOrigin(request));
    if (!base) {
      throw new AppError(
        'oidc.origin_unknown',
        'this site cannot offer sign-in with a provider until its address is set; please contact the administrator',
        HttpStatus.BAD_REQUEST,
      );
    }
    return `${base}${OIDC_CALLBACK_PATH}`;
  }

  /**
   * The provider's client configuration, read when first used and kept for an hour or until the
   * provider is edited; 502 `oidc.provider_unavailable` when discovery fails.
   */
  async configuration(provider: OidcProvider): Promise<oidc.Configuration> {
    // Every setting, not updated_at alone (SQLite keeps whole seconds): an edit reads afresh.
    const stamp = [
      provider.kind,
      provider.issuer,
      provider.client_id,
      provider.client_secret_sealed,
    ].join('\n');
    const cached = this.configurations.get(provider.id);
    if (cached && cached.stamp === stamp && Date.now() - cached.readAt < DISCOVERY_TTL_MS) {
      return cached.configuration;
    }
    const secret = unseal(provider.client_secret_sealed, this.env.APP_SECRET, SECRET_SEAL) ?? '';
    const configuration =
      provider.kind === 'github'
        ? Promise.resolve(github(provider.issuer, provider.client_id, secret))
        : discover(provider.issuer, provider.client_id, secret);
    this.configurations.set(provider.id, { stamp, readAt: Date.now(), configuration });
    try {
      return await configuration;
    } catch (error) {
      this.configurations.delete(provider.id);
      this.logger.warn(`discovery of ${provider.issuer} failed: ${String(error)}`);
      throw providerUnavailable();
    }
  }

  async adminList(request: FastifyRequest): Promise<OidcProviderAdminList> {
    const rows = await this.providers.find({ order: { id: 'ASC' } });
    const counts = await this.identities
      .createQueryBuilder('identity')
      .select('identity.provider_id', 'provider_id')
      .addSelect('COUNT(*)', 'linked')
      .groupBy('identity.provider_id')
      .getRawMany<{ provider_id: number; linked: number | string }>();
    const linked = new Map(counts.map((row) => [Number(row.provider_id), Number(row.linked)]));
    let redirectUri = '';
    try {
      redirectUri = await this.callbackUrl(request);
    } catch {
      // Behind a proxy with no address set: the admin page says to set 网站地址.
    }
    return {
      providers: rows.map((row) => toAdminView(row, linked.get(row.id) ?? 0)),
      redirect_uri: redirectUri,
    };
  }

  /**
   * Adds or updates a provider. An enabled OpenID Connect one must answer its discovery document
   * with the client id (and secret) given, so a saved provider is one that can work. (GitHub has
   * no discovery; its client credentials show at the first sign-in.)
   */
  async save(actor: AuditActor, body: SaveOidcProviderBody): Promise<OidcProviderAdminView> {
    const before = body.id === undefined ? null : await this.providers.findOneBy({ id: body.id });
    if (body.id !== undefined && !before) throw providerNotFound();
    const secret = body.client_secret?.trim() || null;
    if (!before && !secret) {
      throw new AppError(
        'oidc.secret_required',
        '请填写 Client Secret',
        HttpStatus.BAD_REQUEST,
        {},
        'client_secret',
      );
    }
    const kind = body.kind ?? 'oidc';
    const issuer = issuerOf(body.issuer);
    const enabled = body.enabled ?? 1;
    if (enabled === 1 && kind === 'oidc') {
      const storedSecret = before
        ? unseal(before.client_secret_sealed, this.env.APP_SECRET, SECRET_SEAL)
        : null;
      try {
        await discover(issuer, body.client_id, secret ?? storedSecret ?? '');
      } catch (error) {
        this.logger.warn(`discovery of ${issuer} failed: ${String(error)}`);
        throw issuerInvalid(
          '无法读取该 Issuer 的 OpenID 配置（/.well-known/openid-configuration）',
        );
      }
    }
    const values = {
      kind,
      name: body.name,
      issuer,
      client_id: body.client_id,
      enabled,
      ...(secret && {
        client_secret_sealed: seal(secret, this.env.APP_SECRET, SECRET_SEAL),
      }),
    };
    const saved = await retriedTransaction(this.providers.manager, async (manager) => {
      const repo = manager.getRepository(OidcProvider);
      let id = before?.id;
      if (id === undefined) {
        const inserted = await repo.insert({ client_secret_sealed: '', ...values });
        id = Number(inserted.identifiers[0].id);
      } else {
        await repo.update({ id }, values);
      }
      const row = await repo.findOneByOrFail({ id });
      await this.audit.record(
        actor,
        {
          action: before ? 'update' : 'create',
          target_type: 'oidc_provider',
          target_id: id,
          before: before ? auditView(before) : undefined,
          after: { ...auditView(row), ...(secret && { client_secret: '（已更新）' }) },
        },
        manager,
      );
      return row;
    });
    // The login page is stored rendered, with its buttons: every instance renders it again.
    await this.events.changed('config');
    const linked = await this.identities.countBy({ provider_id: saved.id });
    return toAdminView(saved, linked);
  }

  /** Removes a provider and the links to it (the users keep their accounts and passwords). */
  async remove(actor: AuditActor, id: number): Promise<void> {
    await retriedTransaction(this.providers.manager, async (manager) => {
      const row = await manager.findOneBy(OidcProvider, { id });
      if (!row) throw providerNotFound();
      await manager.delete(UserIdentity, { provider_id: id });
      await manager.delete(OidcProvider, { id });
      await this.audit.record(
        actor,
        { action: 'delete', target_type: 'oidc_provider', target_id: id, before: auditView(row) },
        manager,
      );
    });
    this.configurations.delete(id);
    await this.events.changed('config');
  }
}

/**
 * GitHub's OAuth app endpoints at its address (github.com or an Enterprise Server): no discovery,
 * no ID token; the client authenticates in the token request's body, as GitHub documents.
 */
function github(address: string, clientId: string, secret: string): oidc.Configuration {
  const configuration = new oidc.Configuration(
    {
      issuer: address,
      authorization_endpoint: `${address}/login/oauth/authorize`,
      token_endpoint: `${address}/login/oauth/access_token`,
    },
    clientId,
    undefined,
    oidc.ClientSecretPost(secret),
  );
  configuration.timeout = PROVIDER_TIMEOUT_S;
  if (new URL(address).protocol === 'http:') oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** GitHub's REST API for a GitHub address: api.github.com, or an Enterprise Server's /api/v3. */
export const githubApi = (address: string) =>
  address === GITHUB_URL ? 'https://api.github.com' : `${address}/api/v3`;

/** Discovery with the client's credentials; http issuers (a provider on the same network) allowed. */
function discover(issuer: string, clientId: string, secret: string): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  return oidc.discovery(url, clientId, secret, undefined, {
    timeout: PROVIDER_TIMEOUT_S,
    ...(url.protocol === 'http:' && { execute: [oidc.allowInsecureRequests] }),
  });
}

/** The issuer as an http(s) URL without a trailing slash; 400 on `issuer` otherwise. */
function issuerOf(text: string): string {
  try {
    const url = new URL(text);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash) {
      return url.href.replace(/\/+$/, '');
    }
  } catch {
    // falls through to the 400
  }
  throw issuerInvalid('Issuer 必须是 http(s) 地址，例如 https://accounts.example.com');
}

const issuerInvalid = (message: string) =>
  new AppError('oidc.issuer_invalid', message, HttpStatus.BAD_REQUEST, {}, 'issuer');

const providerNotFound = () =>
  new AppError('oidc.provider_not_found', 'no such sign-in provider', HttpStatus.NOT_FOUND);

export const providerUnavailable = () =>
  new AppError(
    'oidc.provider_unavailable',
    'the sign-in provider did not answer; try again later',
    HttpStatus.BAD_GATEWAY,
  );

const auditView = (row: OidcProvider) => ({
  kind: row.kind,
  name: row.name,
  issuer: row.issuer,
  client_id: row.client_id,
  enabled: row.enabled,
});

const toAdminView = (row: OidcProvider, linked: number): OidcProviderAdminView => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  issuer: row.issuer,
  client_id: row.client_id,
  client_secret_set: row.client_secret_sealed !== '',
  enabled: row.enabled === 1 ? 1 : 0,
  linked_users: linked,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
