import { randomBytes } from 'node:crypto';
import { ApiKey, RechargeRecord, User } from '../../src/database/entities';
import {
  apiKeyHint,
  encryptApiKey,
  generateApiKey,
  hashApiKey,
} from '../../src/modules/keys/api-keys';
import { hashPassword } from '../../src/common/passwords';
import { TEST_ADMIN, TestApp } from '../harness';
import type { HttpClient } from '../http-client';

export const DEFAULT_PASSWORD = 'password-123';

/** argon2 is slow on purpose: hash each distinct test password once per test file. */
const hashes = new Map<string, Promise<string>>();
const hashed = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

let sequence = 0;

export interface CreatedUser {
  user: User;
  password: string;
  apiKey: string;
}

/**
 * A user written straight to the database with a known password and API key. `overrides` may
 * set any column; `password` picks the password (default DEFAULT_PASSWORD).
 */
export async function createUser(
  t: TestApp,
  overrides: Partial<User> & { password?: string } = {},
): Promise<CreatedUser> {
  sequence += 1;
  const { password = DEFAULT_PASSWORD, ...columns } = overrides;
  const username = columns.username ?? `user_${sequence}_${randomBytes(3).toString('hex')}`;
  const apiKey = generateApiKey();
  const repo = t.dataSource.getRepository(User);
  const user = await repo.save(
    repo.create({
      username,
      username_key: username.toLowerCase(),
      email: null,
      password_hash: await hashed(password),
      balance_milli: 0,
      status: 1,
      ...columns,
    }),
  );
  await t.dataSource.getRepository(ApiKey).insert({
    user_id: user.id,
    is_default: 1,
    key_hash: hashApiKey(apiKey),
    key_enc: encryptApiKey(apiKey, t.env.APP_SECRET),
    key_hint: apiKeyHint(apiKey),
  });
  // A starting balance arrives as a recharge, so the books add up from the start (harness).
  if (user.balance_milli > 0) {
    await t.dataSource.getRepository(RechargeRecord).save({
      user_id: user.id,
      out_trade_no: `test-${user.id}-${randomBytes(6).toString('hex')}`,
      amount_milli: user.balance_milli,
      paid_amount: String(user.balance_milli / 1000),
      source: 'query',
      raw: '{}',
    });
  }
  return { user, password, apiKey };
}

/** Gets the client its XSRF-TOKEN cookie, as the SPA's first GET would. */
export async function primeCsrf(client: HttpClient): Promise<void> {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/user/get_user_info.php');
}

/** Signs the client in as that user (session and XSRF cookies land in its jar). */
export async function loginUser(
  _t: TestApp,
  client: HttpClient,
  username: string,
  password: string = DEFAULT_PASSWORD,
) {
  await primeCsrf(client);
  const res = await client.post('/api/login.php', { username, password });
  if (res.status !== 200) throw new Error(`user login failed: ${res.status} ${res.text}`);
  return res.body.user_info as { id: number; username: string; api_key: string };
}

/** Signs the client in as TEST_ADMIN. */
export async function loginAdmin(_t: TestApp, client: HttpClient): Promise<void> {
  await primeCsrf(client);
  const res = await client.post('/api/admin/admin_login.php', TEST_ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
}
