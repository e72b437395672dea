import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Env } from '../env/env';
import { hashPassword } from '../common/passwords';
import {
  Ad,
  Admin,
  ApiEntry,
  ApiProbe,
  FriendLink,
  Partner,
  SidebarLink,
  SiteConfig,
  User,
} from '../database/entities';
import { DEMO_APIS } from './demo-apis';
import { seedDemoCategories } from './demo-categories';
import {
  DEMO_ADS,
  DEMO_FRIEND_LINKS,
  DEMO_PARTNERS,
  DEMO_SIDEBAR_LINKS,
  DEMO_SITE,
} from './demo-site';

export const ADMIN_LOGIN_PATH = '/MiloraAPI/admin/lg';

/** What start-up did to the database, for the start-up banner. */
export interface SeedReport {
  /** The demo catalogue was written now (an empty database with SEED_DEMO on). */
  demoSeeded: boolean;
  /** The first administrator, when start-up created one; the password only when generated. */
  createdAdmin?: { username: string; generatedPassword?: string };
}

/**
 * Makes a new database usable: the site settings row and a first admin always; the demo catalogue
 * only when SEED_DEMO is on and the database holds no content or users yet (so never twice, and
 * never over real data).
 */
export async function seedDatabase(dataSource: DataSource, env: Env): Promise<SeedReport> {
  const demoSeeded = await dataSource.transaction(async (manager) => {
    const fresh =
      (await manager.count(SiteConfig)) === 0 &&
      (await manager.count(ApiEntry)) === 0 &&
      (await manager.count(User)) === 0;
    if (fresh) {
      await manager.insert(SiteConfig, {
        id: 1,
        ...(env.SEED_DEMO
          ? DEMO_SITE
          : { site_title: 'Portico', analytics_code: '', home_notice: '' }),
        site_start_time: new Date(),
        health_alert_webhook_secret: randomBytes(32).toString('hex'),
      });
      if (env.SEED_DEMO) await seedDemo(manager);
    }
    return fresh && env.SEED_DEMO;
  });
  return { demoSeeded, createdAdmin: await ensureAdmin(dataSource, env) };
}

async function seedDemo(manager: EntityManager): Promise<void> {
  await manager.insert(
    ApiEntry,
    DEMO_APIS.map(({ example_query, request_params, response_params, status_codes, ...api }) => ({
      ...api,
      endpoint: `/apis/${api.name_en}`,
      example_url: `/apis/${api.name_en}${example_query ? `?${example_query}` : ''}`,
      request_params: JSON.stringify(request_params),
      response_params: JSON.stringify(response_params),
      status_codes: JSON.stringify(status_codes),
    })),
  );
  await seedDemoProbes(manager);
  await seedDemoCategories(manager);
  await manager.insert(Partner, [...DEMO_PARTNERS]);
  await manager.insert(Ad, [...DEMO_ADS]);
  await manager.insert(SidebarLink, [...DEMO_SIDEBAR_LINKS]);
  await manager.insert(FriendLink, [...DEMO_FRIEND_LINKS]);
}

/** Seeded probes run every 5 minutes: often enough to see a broken built-in within the hour. */
const DEMO_PROBE_INTERVAL_S = 300;

/**
 * Every built-in gets a probe from its own example: the example query (as a JSON body for a POST
 * API), expecting a 200.
 */
async function seedDemoProbes(manager: EntityManager): Promise<void> {
  const ids = new Map(
    (await manager.find(ApiEntry, { select: { id: true, name_en: true } })).map((api) => [
      api.name_en,
      api.id,
    ]),
  );
  // A probe sends a query or a JSON body: an API that takes an upload has none.
  const probed = DEMO_APIS.filter((api) => api.request_format !== 'multipart/form-data');
  await manager.insert(
    ApiProbe,
    probed.map((api) => {
      const body = api.request_method === 'POST' || api.request_method === 'PUT';
      return {
        api_id: ids.get(api.name_en)!,
        method: api.request_method,
        query: body ? '' : api.example_query,
        body: body
          ? JSON.stringify(Object.fromEntries(new URLSearchParams(api.example_query)))
          : null,
        expected_status: 200,
        interval_s: DEMO_PROBE_INTERVAL_S,
      };
    }),
  );
}

async function ensureAdmin(dataSource: DataSource, env: Env): Promise<SeedReport['createdAdmin']> {
  const admins = dataSource.getRepository(Admin);
  if ((await admins.count()) > 0) return undefined;
  const username = env.ADMIN_USERNAME ?? 'admin';
  const generatedPassword = env.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  await admins.insert({
    username,
    password_hash: await hashPassword(env.ADMIN_PASSWORD ?? generatedPassword!),
    last_login_at: null,
  });
  return { username, generatedPassword };
}
