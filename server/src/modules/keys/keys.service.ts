import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import { AppError, badRequest, conflict, notFound } from '../../common/app-error';
import { formatBalance, parseYuan } from '../../common/money';
import {
  AllowedApiName,
  ApiKeyList,
  ApiKeyStatus,
  ApiKeyView,
  CreatedApiKey,
  MAX_NAMED_KEYS,
  MAX_REVOKED_KEYS,
  REVOKED_KEY_DAYS,
  RevealedUserKey,
} from '../../contracts/api-keys';
import { ApiEntry, ApiKey, User } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import type { AuditActor } from '../audit';
import { AuditService } from '../audit';
import { ApiKeyService, IssuedApiKey } from './api-keys';
import { KeyCache } from './key-cache';
import { spendPeriod } from '../../common/spend-period';
import { retriedTransaction } from '../../database/transactions';
import { CreateKeyBody, KeySettingsBody, UpdateKeyBody } from './dto/key-settings.dto';
import { formatNetwork, parseNetwork } from './networks';

const milliText = (milli: number | null) => (milli === null ? null : formatBalance(milli));
const parseIds = (text: string | null) => (text === null ? null : (JSON.parse(text) as number[]));
const parseTexts = (text: string | null) => (text === null ? null : (JSON.parse(text) as string[]));

/**
 * What a key row looks like to its owner: never its hash or encrypted copy. `names` holds the
 * names of (at least) the row's allowed APIs.
 */
function toKeyView(
  row: ApiKey,
  names: ReadonlyMap<number, AllowedApiName>,
  now = new Date(),
): ApiKeyView {
  const allowed = parseIds(row.allowed_apis);
  const { day, month } = spendPeriod(now);
  const counted = row.is_default !== 1;
  const status: ApiKeyStatus = row.revoked_at
    ? 'revoked'
    : row.expires_at && row.expires_at <= now
      ? 'expired'
      : 'active';
  return {
    id: row.id,
    name: row.name,
    is_default: row.is_default === 1,
    hint: row.key_hint,
    status,
    expires_at: row.expires_at?.toISOString() ?? null,
    allowed_apis: allowed,
    allowed_api_names: allowed && allowed.flatMap((id) => names.get(id) ?? []),
    allowed_ips: parseTexts(row.allowed_ips),
    rate_limit: row.rate_limit,
    daily_cap: milliText(row.daily_cap_milli),
    monthly_cap: milliText(row.monthly_cap_milli),
    spent_today: counted ? formatBalance(row.spent_day === day ? row.spent_day_milli : 0) : null,
    spent_this_month: counted
      ? formatBalance(row.spent_month === month ? row.spent_month_milli : 0)
      : null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A user's keys (issue #15): the default key, created with the account and rotated by
 * change_api_key.php, and up to MAX_NAMED_KEYS named keys with their own limits. Every write is
 * forgotten by this instance's gateway key cache at once and by the others' within a second.
 */
@Injectable()
export class KeysService {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(ApiEntry) private readonly apis: Repository<ApiEntry>,
    private readonly dataSource: DataSource,
    private readonly issuer: ApiKeyService,
    private readonly cache: KeyCache,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The new account's default key, in its registration transaction; answers the key. */
  async createDefault(manager: EntityManager, userId: number): Promise<string> {
    const issued = this.issuer.issue();
    await insertDefault(manager.getRepository(ApiKey), userId, issued);
    return issued.key;
  }

  /** A new default key; the old one stops matching at once (only the new hash is stored). */
  async rotateDefault(userId: number): Promise<string> {
    const issued = this.issuer.issue();
    const row = await this.keys.findOneBy({ user_id: userId, is_default: 1 });
    if (!row) {
      await insertDefault(this.keys, userId, issued);
      return issued.key;
    }
    const { key_hash, key_enc, key_hint } = issued;
    await this.keys.update({ id: row.id }, { key_hash, key_enc, key_hint });
    this.cache.forget(row.id, row.key_hash, issued.key_hash);
    return issued.key;
  }

  async list(userId: number): Promise<ApiKeyList> {
    const rows = await this.keys.find({
      where: { user_id: userId },
      order: { is_default: 'DESC', created_at: 'DESC', id: 'DESC' },
    });
    return {
      keys: await this.views(rows),
      max_named_keys: MAX_NAMED_KEYS,
      rate_limit_max: this.env.RATE_LIMIT_PER_KEY,
    };
  }

  /**
   * A named key; its secret is answered this once and only its hash is kept. The owner's user row
   * is locked for the count, so racing creations cannot pass MAX_NAMED_KEYS together.
   */
  async create(userId: number, body: CreateKeyBody): Promise<CreatedApiKey> {
    const settings = await this.settings(body);
    const { key, key_hash, key_hint } = this.issuer.issue();
    const id = await retriedTransaction(this.dataSource, async (manager) => {
      await manager.query('UPDATE users SET updated_at = updated_at WHERE id = ?', [userId]);
      const held = await manager.getRepository(ApiKey).countBy({
        user_id: userId,
        is_default: 0,
        revoked_at: IsNull(),
      });
      if (held >= MAX_NAMED_KEYS) {
        throw conflict(
          'keys.too_many',
          `you already have ${MAX_NAMED_KEYS} named keys; revoke one first`,
        );
      }
      await this.refuseTakenName(manager, userId, body.name);
      const result = await manager.getRepository(ApiKey).insert({
        user_id: userId,
        name: body.name,
        is_default: 0,
        key_hash,
        key_enc: null,
        key_hint,
        ...settings,
      });
      return Number(result.identifiers[0].id);
    });
    this.cache.forget(id, key_hash);
    return { key: await this.view(id), secret: key };
  }

  async update(userId: number, body: UpdateKeyBody): Promise<ApiKeyView> {
    const row = await this.named(userId, body.id);
    if (row.revoked_at) throw badRequest('keys.revoked', 'a revoked key cannot be changed');
    const settings = await this.settings(body);
    const changes: Partial<ApiKey> = { ...settings };
    if (body.name !== undefined) changes.name = body.name;
    if (Object.keys(changes).length > 0) {
      await retriedTransaction(this.dataSource, async (manager) => {
        if (body.name !== undefined) {
          await manager.query('UPDATE users SET updated_at = updated_at WHERE id = ?', [userId]);
          await this.refuseTakenName(manager, userId, body.name, row.id);
        }
        await manager.getRepository(ApiKey).update({ id: row.id }, changes);
      });
    }
    this.cache.forget(row.id, row.key_hash);
    return this.view(row.id);
  }

  /**
   * Revoked keys stop working on every instance and stay listed (with their last use) for
   * REVOKED_KEY_DAYS days, at most MAX_REVOKED_KEYS of them, so a user's list stays bounded.
   */
  async revoke(userId: number, id: number): Promise<ApiKeyView> {
    const row = await this.named(userId, id);
    if (!row.revoked_at) {
      await this.keys.update({ id: row.id, revoked_at: IsNull() }, { revoked_at: new Date() });
    }
    this.cache.forget(row.id, row.key_hash);
    const view = await this.view(row.id);
    await this.pruneRevoked(userId);
    return view;
  }

  /** Deletes the user's revoked keys past REVOKED_KEY_DAYS or beyond the newest MAX_REVOKED_KEYS. */
  private async pruneRevoked(userId: number): Promise<void> {
    const revoked = await this.keys.find({
      where: { user_id: userId, is_default: 0, revoked_at: Not(IsNull()) },
      select: { id: true, key_hash: true, revoked_at: true },
      order: { revoked_at: 'DESC', id: 'DESC' },
    });
    const cutoff = Date.now() - REVOKED_KEY_DAYS * 86_400_000;
    const gone = revoked.filter(
      (key, index) => index >= MAX_REVOKED_KEYS || key.revoked_at!.getTime() < cutoff,
    );
    if (gone.length === 0) return;
    await this.keys.delete({ id: In(gone.map((key) => key.id)) });
    for (const key of gone) this.cache.forget(key.id, key.key_hash);
  }

  /** The admin's look at a user's full default key, recorded in the audit log. */
  async revealForAdmin(actor: AuditActor, userId: number): Promise<RevealedUserKey> {
    if (!(await this.dataSource.getRepository(User).existsBy({ id: userId }))) {
      throw notFound('users.not_found', 'user not found');
    }
    const apiKey = await this.issuer.revealDefault(userId);
    // Nothing changes: the row is written before the key is answered, or the key is not answered.
    await this.audit.record(
      actor,
      { action: 'reveal_key', target_type: 'user', target_id: userId },
      this.dataSource.manager,
    );
    return { api_key: apiKey };
  }

  private async view(id: number): Promise<ApiKeyView> {
    const [view] = await this.views([await this.keys.findOneByOrFail({ id })]);
    return view;
  }

  /** The rows' views, with their allowed APIs' names read in one query. */
  private async views(rows: ApiKey[]): Promise<ApiKeyView[]> {
    const ids = [...new Set(rows.flatMap((row) => parseIds(row.allowed_apis) ?? []))];
    const apis = ids.length
      ? await this.apis.find({
          where: { id: In(ids) },
          select: { id: true, name: true, name_en: true, title_en: true },
        })
      : [];
    const names = new Map(
      apis.map(({ id, name, name_en, title_en }) => [id, { id, name, name_en, title_en }]),
    );
    const now = new Date();
    return rows.map((row) => toKeyView(row, names, now));
  }

  /**
   * Two live keys of one user may not share a name (ignoring case), or the call log and the key
   * picker could not tell them apart. Run with the user's row locked, so two racing requests
   * cannot both take a name.
   */
  private async refuseTakenName(
    manager: EntityManager,
    userId: number,
    name: string,
    exceptId?: number,
  ): Promise<void> {
    const query = manager
      .getRepository(ApiKey)
      .createQueryBuilder('k')
      .where({ user_id: userId, is_default: 0, revoked_at: IsNull() })
      .andWhere('LOWER(k.name) = LOWER(:name)', { name });
    if (exceptId !== undefined) query.andWhere('k.id <> :exceptId', { exceptId });
    if (await query.getExists()) {
      throw new AppError(
        'keys.name_taken',
        `you already have a key named “${name}”; choose another name`,
        HttpStatus.CONFLICT,
        {},
        'name',
      );
    }
  }

  /** The caller's named key, or 404 (another user's key is not found either). */
  private async named(userId: number, id: number): Promise<ApiKey> {
    const row = await this.keys.findOneBy({ id, user_id: userId });
    if (!row) throw notFound('keys.not_found', 'this key does not exist');
    if (row.is_default === 1) {
      throw badRequest(
        'keys.default_key',
        'the default key is changed with change_api_key.php; it cannot be edited or revoked',
      );
    }
    return row;
  }

  /** The columns for the settings given (left out: not among them), checked beyond their form. */
  private async settings(body: KeySettingsBody): Promise<Partial<ApiKey>> {
    const out: Partial<ApiKey> = {};
    if (body.expires_at !== undefined) {
      // Whole seconds: MySQL's DATETIME keeps no more, and both databases should answer alike.
      const at =
        body.expires_at === null
          ? null
          : new Date(Math.floor(Date.parse(body.expires_at) / 1000) * 1000);
      if (at && at.getTime() <= Date.now()) {
        throw fieldError('keys.expiry_past', 'the expiry must be in the future', 'expires_at');
      }
      out.expires_at = at;
    }
    if (body.allowed_apis !== undefined)
      out.allowed_apis = await this.allowedApis(body.allowed_apis);
    if (body.allowed_ips !== undefined) out.allowed_ips = allowedIps(body.allowed_ips);
    if (body.rate_limit !== undefined) out.rate_limit = this.rateLimit(body.rate_limit);
    if (body.daily_cap !== undefined) out.daily_cap_milli = cap(body.daily_cap);
    if (body.monthly_cap !== undefined) out.monthly_cap_milli = cap(body.monthly_cap);
    return out;
  }

  /** A key's own limit may only lower the site's per-key limit, never raise it. */
  private rateLimit(limit: number | null): number | null {
    const max = this.env.RATE_LIMIT_PER_KEY;
    if (limit !== null && limit > max) {
      throw fieldError(
        'keys.rate_limit_too_high',
        `rate_limit may be at most ${max} calls a minute (the site's per-key limit)`,
        'rate_limit',
      );
    }
    return limit;
  }

  private async allowedApis(ids: number[] | null): Promise<string | null> {
    if (ids === null) return null;
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const found = unique.length ? await this.apis.countBy({ id: In(unique) }) : 0;
    if (found !== unique.length) {
      throw fieldError('keys.api_unknown', 'an allowed API does not exist', 'allowed_apis');
    }
    return JSON.stringify(unique);
  }
}

const fieldError = (
  code: 'keys.expiry_past' | 'keys.ip_invalid' | 'keys.api_unknown' | 'keys.rate_limit_too_high',
  message: string,
  field: string,
) => new AppError(code, message, HttpStatus.BAD_REQUEST, {}, field);

function allowedIps(entries: string[] | null): string | null {
  if (entries === null) return null;
  const networks = entries.map((entry) => {
    const network = parseNetwork(entry);
    if (!network) {
      throw fieldError(
        'keys.ip_invalid',
        `"${entry.slice(0, 64)}" is not an IPv4/IPv6 address or CIDR`,
        'allowed_ips',
      );
    }
    return formatNetwork(network);
  });
  return JSON.stringify([...new Set(networks)]);
}

const cap = (text: string | null) => (text === null ? null : parseYuan(text));

const insertDefault = (repo: Repository<ApiKey>, userId: number, issued: IssuedApiKey) =>
  repo.insert({
    user_id: userId,
    name: '',
    is_default: 1,
    key_hash: issued.key_hash,
    key_enc: issued.key_enc,
    key_hint: issued.key_hint,
  });
