import { ApiDailyStat, ApiEntry } from '../../src/database/entities';
import type { TestApp } from '../harness';
import type { HttpClient } from '../http-client';
import { addDailyCalls, createApi } from './catalogue';
import { createUser, loginAdmin, loginUser, primeCsrf } from './users';

/** A catalogue row, read back as stored. */
export async function seedApi(t: TestApp, overrides: Partial<ApiEntry> = {}): Promise<ApiEntry> {
  const { id } = await createApi(t.dataSource, overrides);
  return t.dataSource.getRepository(ApiEntry).findOneByOrFail({ id: Number(id) });
}

/** One API's calls on one day, as the gateway's counters would store them. */
export const seedDailyCalls = (t: TestApp, apiId: number, day: string, calls: number) =>
  addDailyCalls(
    t.dataSource,
    Object.assign(new ApiDailyStat(), { api_id: apiId, access_date: day, calls }),
  );

/** A client holding an admin session and its XSRF token. */
export async function adminClient(t: TestApp): Promise<HttpClient> {
  const client = t.client();
  await loginAdmin(t, client);
  return client;
}

/** A client holding a (non-admin) user session. */
export async function userClient(t: TestApp): Promise<HttpClient> {
  const client = t.client();
  const { user } = await createUser(t);
  await loginUser(t, client, user.username);
  return client;
}

/** A client with no session but a valid XSRF token, so writes reach the session check. */
export async function anonymousClient(t: TestApp): Promise<HttpClient> {
  const client = t.client();
  await primeCsrf(client);
  return client;
}

/** A valid create_api.php body (enabled, so served by an upstream); overrides win. */
export function apiBody(overrides: Record<string, unknown> = {}) {
  const nameEn = `admin-api-${Math.random().toString(36).slice(2, 10)}`;
  return {
    name: '测试接口',
    name_en: nameEn,
    description: '一个测试接口',
    description_en: 'A test API',
    endpoint: `/apis/${nameEn}`,
    example_url: `/apis/${nameEn}?q=1`,
    response_format: 'application/json',
    request_method: 'GET',
    request_params: JSON.stringify([
      { name: 'q', type: 'string', required: true, description: '查询词', description_en: 'query' },
    ]),
    response_params: JSON.stringify([
      { name: 'data', type: 'object', description: '结果', description_en: 'result' },
    ]),
    status_codes: JSON.stringify([{ code: 200, description: '成功', description_en: 'ok' }]),
    php_example: '<?php echo 1;',
    response_example: '{"success":true}',
    status: 1,
    is_paid: 0,
    is_pinned: 0,
    price_per_call: '0.000',
    upstream_url: 'https://upstream.example/v1',
    ...overrides,
  };
}
