import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { seal, unseal } from '../../common/sealed';
import { ApiKey } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

const KEY_PREFIX = 'pk_';
const KEY_BYTES = 24;

/** A new API key: a readable prefix and 192 bits from the CSPRNG. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/** The look-up form of a key (api_keys.key_hash): sha256 hex of the whole key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What may be shown where the key itself may not: first 6 and last 4 characters. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, 6)}...${key.slice(-4)}`;
}

/** HKDF's info for API keys: unchanged, so every key sealed before still opens. */
const API_KEY_SEAL = 'portico api key encryption';

/** AES-256-GCM with a key derived from APP_SECRET: `v1:` + base64url(iv | tag | ciphertext). */
export const encryptApiKey = (key: string, appSecret: string) => seal(key, appSecret, API_KEY_SEAL);

/** The key back from its encrypted copy; null when it was sealed with another secret or damaged. */
export const decryptApiKey = (encrypted: string, appSecret: string) =>
  unseal(encrypted, appSecret, API_KEY_SEAL);

export interface IssuedApiKey {
  key: string;
  key_hash: string;
  key_enc: string;
  key_hint: string;
}

/** The key operations that need the app secret. */
@Injectable()
export class ApiKeyService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
  ) {}

  /** A fresh key with the three columns that store it. */
  issue(): IssuedApiKey {
    const key = generateApiKey();
    return {
      key,
      key_hash: hashApiKey(key),
      key_enc: encryptApiKey(key, this.env.APP_SECRET),
      key_hint: apiKeyHint(key),
    };
  }

  /**
   * A user's default key (api_keys.is_default) for display to its owner or an admin; null when
   * there is none or it cannot be recovered (APP_SECRET changed).
   */
  async revealDefault(userId: number): Promise<string | null> {
    const row = await this.keys.findOne({
      where: { user_id: userId, is_default: 1 },
      select: { id: true, key_enc: true },
    });
    return row?.key_enc ? decryptApiKey(row.key_enc, this.env.APP_SECRET) : null;
  }
}
