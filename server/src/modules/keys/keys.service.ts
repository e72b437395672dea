import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import { AppError, badRequest, conflict, notFound } from '../../common/app-error';
import { formatBalance, parseYuan } from '../../common/money';
import {
  ApiKeyList,
  ApiKeyStatus,
  ApiKeyView,
  CreatedApiKey,
  MAX_NAMED_KEYS,
  RevealedUserKey,
} from '../../contracts/api-keys';
import { ApiEntry, ApiKey, User } from '../../database/entities';
import type { AuditActor } from '../audit/audit.service';
import { AuditService } from '../audit/audit.service';
import { ApiKeyService, IssuedApiKey } from '../auth/api-keys';
import { KeyCache } from '../billing/key-cache';
import { spendPeriod } from '../billing/ledger';
import { CreateKeyBody, KeySettingsBody, UpdateKeyBody } from './dto/key-settings.dto';
import { formatNetwork, parseNetwork } from './networks';

const milliText = (milli: number | null) => (milli === null ? null : formatBalance(milli));
const parseIds = (text: string | null) => (text === null ? null : (JSON.parse(text) as number[]));
const parseTexts = (text: string | null) => (text === null ? null : (JSON.parse(text) as string[]));

/** What a key row looks like to its owner: never its hash or encrypted copy. */
export function toKeyView(row: ApiKey, now = new Date()): ApiKeyView {
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
    allowed_apis: parseIds(row.allowed_apis),
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
    const now = new Date();
    return { keys: rows.map((row) => toKeyView(row, now)), max_named_keys: MAX_NAMED_KEYS };
  }

  /**
   * A named key; its secret is answered this once and only its hash is kept. The owner's user row
   * is locked for the count, so racing creations cannot pass MAX_NAMED_KEYS together.
   */
  async create(userId: number, body: CreateKeyBody): Promise<CreatedApiKey> {
    const settings = await this.settings(body);
    const { key, key_hash, key_hint } = this.issuer.issue();
    const id = await this.dataSource.transaction(async (manager) => {
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
    return { key: toKeyView(await this.keys.findOneByOrFail({ id })), secret: key };
  }

  async update(userId: number, body: UpdateKeyBody): Promise<ApiKeyView> {
    const row = await this.named(userId, body.id);
    if (row.revoked_at) throw badRequest('keys.revoked', 'a revoked key cannot be changed');
    const settings = await this.settings(body);
    const changes: Partial<ApiKey> = { ...settings };
    if (body.name !== undefined) changes.name = body.name;
    if (Object.keys(changes).length > 0) await this.keys.update({ id: row.id }, changes);
    this.cache.forget(row.id, row.key_hash);
    return toKeyView(await this.keys.findOneByOrFail({ id: row.id }));
  }

  /** Revoked keys stay listed (with their last use) and stop working on every instance. */
  async revoke(userId: number, id: number): Promise<ApiKeyView> {
    const row = await this.named(userId, id);
    if (!row.revoked_at) {
      await this.keys.update({ id: row.id, revoked_at: IsNull() }, { revoked_at: new Date() });
    }
    this.cache.forget(row.id, row.key_hash);
    return toKeyView(await this.keys.findOneByOrFail({ id: row.id }));
  }

  /** The admin's look at a user's full default key, recorded in the audit log. */
  async revealForAdmin(actor: AuditActor, userId: number): Promise<RevealedUserKey> {
    if (!(await this.dataSource.getRepository(User).existsBy({ id: userId }))) {
      throw notFound('users.not_found', 'user not found');
    }
    const apiKey = await this.issuer.revealDefault(userId);
    await this.audit.record(actor, {
      action: 'reveal_key',
      target_type: 'user',
      target_id: userId,
    });
    return { api_key: apiKey };
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
    if (body.rate_limit !== undefined) out.rate_limit = body.rate_limit;
    if (body.daily_cap !== undefined) out.daily_cap_milli = cap(body.daily_cap);
    if (body.monthly_cap !== undefined) out.monthly_cap_milli = cap(body.monthly_cap);
    return out;
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
  code: 'keys.expiry_past' | 'keys.ip_invalid' | 'keys.api_unknown',
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
