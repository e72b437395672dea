import { createHash, randomBytes } from 'node:crypto';
import { ContentEvents } from '../../src/common/content-events';
import { ApiEntry, ApiKey, RechargeRecord, User } from '../../src/database/entities';
import { apiKeyHint, encryptApiKey } from '../../src/modules/keys/api-keys';
import type { TestApp } from '../harness';

let sequence = 0;

/** A catalogue entry served by a built-in handler (or an upstream), enabled by default. */
export async function createGatewayApi(
  t: TestApp,
  overrides: Partial<ApiEntry> = {},
): Promise<ApiEntry> {
  sequence += 1;
  const nameEn = overrides.name_en ?? `gw-api-${sequence}-${randomBytes(3).toString('hex')}`;
  const api = await t.dataSource.getRepository(ApiEntry).save({
    name: `Gateway API ${sequence}`,
    name_en: nameEn,
    description: '',
    description_en: '',
    endpoint: `/apis/${nameEn}`,
    example_url: `/apis/${nameEn}`,
    request_params: '[]',
    response_params: '[]',
    status_codes: '[]',
    php_example: '',
    response_example: '',
    handler: 'uuid',
    status: 1,
    is_paid: 0,
    price_per_call_milli: 0,
    ...overrides,
  });
  await t.app.get(ContentEvents).changed('apis');
  return api;
}

/**
 * A user holding an API key, whose starting balance arrives as a recharge record so the ledger
 * invariant (balance = recharges + adjustments - call costs) holds from the start.
 */
export async function createKeyedUser(t: TestApp, balanceMilli: number) {
  sequence += 1;
  const apiKey = `pk_${randomBytes(18).toString('base64url')}`;
  const username = `gw_user_${sequence}_${randomBytes(3).toString('hex')}`;
  const user = await t.dataSource.getRepository(User).save({
    username,
    username_key: username.toLowerCase(),
    email: null,
    password_hash: 'unused',
    balance_milli: balanceMilli,
    status: 1,
  });
  await t.dataSource.getRepository(ApiKey).insert({
    user_id: user.id,
    is_default: 1,
    key_hash: createHash('sha256').update(apiKey).digest('hex'),
    key_enc: encryptApiKey(apiKey, t.env.APP_SECRET),
    key_hint: apiKeyHint(apiKey),
  });
  if (balanceMilli > 0) {
    await t.dataSource.getRepository(RechargeRecord).save({
      user_id: user.id,
      out_trade_no: `test-${user.id}-${randomBytes(6).toString('hex')}`,
      amount_milli: balanceMilli,
      paid_amount: String(balanceMilli / 1000),
      source: 'query',
      raw: '{}',
    });
  }
  return { user, apiKey };
}

/**
 * Σ recharges + Σ adjustments + Σ cash codes + Σ invite rewards − Σ call costs − Σ plan periods
 * bought, and the stored balance, for one user.
 */
export async function ledgerOf(t: TestApp, userId: number) {
  const one = async (sql: string) =>
    Number((await t.dataSource.query<{ v: string | number | null }[]>(sql, [userId]))[0]?.v ?? 0);
  return {
    balance: await one('SELECT balance_milli AS v FROM users WHERE id = ?'),
    expected:
      (await one(
        'SELECT COALESCE(SUM(amount_milli), 0) AS v FROM recharge_records WHERE user_id = ?',
      )) +
      (await one(
        'SELECT COALESCE(SUM(delta_milli), 0) AS v FROM balance_adjustments WHERE user_id = ?',
      )) +
      (await one(
        "SELECT COALESCE(SUM(value_milli), 0) AS v FROM redemptions WHERE user_id = ? AND kind = 'cash'",
      )) +
      (await one(
        'SELECT COALESCE(SUM(value_milli), 0) AS v FROM referral_rewards WHERE user_id = ? AND credit_grant_id IS NULL',
      )) -
      (await one('SELECT COALESCE(SUM(cost_milli), 0) AS v FROM access_logs WHERE user_id = ?')) -
      (await one('SELECT COALESCE(SUM(price_milli), 0) AS v FROM plan_periods WHERE user_id = ?')),
  };
}
