import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiKey } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

const KEY_PREFIX = 'pk_';
const KEY_BYTES = 24;
const ENC_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

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

function encryptionKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, '', 'portico api key encryption', 32));
}

/** AES-256-GCM with a key derived from APP_SECRET: `v1:` + base64url(iv | tag | ciphertext). */
export function encryptApiKey(key: string, appSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(appSecret), iv);
  const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  const payload = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return `${ENC_VERSION}:${payload}`;
}

/** The key back from its encrypted copy; null when it was sealed with another secret or damaged. */
export function decryptApiKey(encrypted: string, appSecret: string): string | null {
  const [version, payload] = encrypted.split(':');
  if (version !== ENC_VERSION || !payload) return null;
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      encryptionKey(appSecret),
      raw.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

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
