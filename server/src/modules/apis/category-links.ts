import { EntityManager, In } from 'typeorm';
import type { ApiSummary } from '../../contracts/apis';
import { ApiCategory, ApiEntry, Category } from '../../database/entities';
import { healthByApi } from '../api-health';
import { toApiSummary } from './dto/api.response';

export type LinkedCategory = Pick<Category, 'id' | 'slug' | 'name' | 'name_en'>;

/** Each API's categories in chip order (sort_order, then id); all links when `apiIds` is absent. */
export async function categoriesByApi(
  manager: EntityManager,
  apiIds?: number[],
): Promise<Map<number, LinkedCategory[]>> {
  const byApi = new Map<number, LinkedCategory[]>();
  if (apiIds?.length === 0) return byApi;
  const links = await manager.find(ApiCategory, {
    where: apiIds ? { api_id: In(apiIds) } : {},
    relations: { category: true },
    order: { category: { sort_order: 'ASC', id: 'ASC' } },
  });
  for (const link of links) {
    const { id, slug, name, name_en } = link.category!;
    const list = byApi.get(link.api_id) ?? [];
    list.push({ id, slug, name, name_en });
    byApi.set(link.api_id, list);
  }
  return byApi;
}

/** The rows as list summaries, each with its category slugs and health figures. */
export async function summariesOf(manager: EntityManager, rows: ApiEntry[]): Promise<ApiSummary[]> {
  const ids = rows.map((api) => api.id);
  const [categories, health] = await Promise.all([
    categoriesByApi(manager, ids),
    healthByApi(manager, ids),
  ]);
  return rows.map((api) =>
    toApiSummary(
      api,
      (categories.get(api.id) ?? []).map((linked) => linked.slug),
      health.get(api.id) ?? null,
    ),
  );
}
