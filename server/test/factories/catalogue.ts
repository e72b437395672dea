import { randomBytes } from 'node:crypto';
import type { DataSource, DeepPartial, EntityTarget, ObjectLiteral } from 'typeorm';
import {
  Ad,
  ApiDailyStat,
  ApiEntry,
  FriendLink,
  Partner,
  SidebarLink,
  SiteConfig,
} from '../../src/database/entities';

const unique = () => randomBytes(4).toString('hex');

async function insert<T extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  row: DeepPartial<T>,
): Promise<T> {
  const repo = dataSource.getRepository(entity);
  const created: T = repo.create(row);
  await repo.save(created);
  return created;
}

export function createApi(dataSource: DataSource, overrides: Partial<ApiEntry> = {}) {
  const nameEn = overrides.name_en ?? `test-api-${unique()}`;
  return insert<ApiEntry>(dataSource, ApiEntry, {
    name: `Test API ${nameEn}`,
    name_en: nameEn,
    description: 'An API made by a test',
    description_en: 'An API made by a test',
    endpoint: `/apis/${nameEn}`,
    example_url: `/apis/${nameEn}?q=1`,
    request_params: JSON.stringify([
      { name: 'q', type: 'string', required: true, description: 'query' },
    ]),
    response_params: JSON.stringify([{ name: 'success', type: 'boolean', description: 'ok' }]),
    status_codes: JSON.stringify([{ code: 200, description: 'ok' }]),
    php_example: '<?php echo 1;',
    response_example: '{"success":true}',
    status: 1,
    is_paid: 0,
    is_pinned: 0,
    price_per_call_milli: 0,
    usage_count: 0,
    ...overrides,
  });
}

export const createPartner = (dataSource: DataSource, overrides: Partial<Partner> = {}) =>
  insert<Partner>(dataSource, Partner, { name: `Partner ${unique()}`, status: 1, ...overrides });

export const createAd = (dataSource: DataSource, overrides: Partial<Ad> = {}) =>
  insert<Ad>(dataSource, Ad, {
    title: `Ad ${unique()}`,
    image_url: 'https://img.example.com/a.png',
    link_url: 'https://ads.example.com',
    status: 1,
    ...overrides,
  });

export const createSidebarLink = (dataSource: DataSource, overrides: Partial<SidebarLink> = {}) =>
  insert<SidebarLink>(dataSource, SidebarLink, {
    title: `Link ${unique()}`,
    url: '/about',
    status: 1,
    ...overrides,
  });

export const createFriendLink = (dataSource: DataSource, overrides: Partial<FriendLink> = {}) =>
  insert<FriendLink>(dataSource, FriendLink, {
    name: `Friend ${unique()}`,
    link_url: 'https://friend.example.com',
    status: 1,
    ...overrides,
  });

export const addDailyCalls = (dataSource: DataSource, row: ApiDailyStat) =>
  dataSource.getRepository(ApiDailyStat).save(row);

export async function updateSiteConfig(dataSource: DataSource, values: Partial<SiteConfig>) {
  await dataSource.getRepository(SiteConfig).update({ id: 1 }, values);
}
