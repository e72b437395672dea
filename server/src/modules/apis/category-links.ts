import { EntityManager, In } from 'typeorm';
import { ApiCategory, Category } from '../../database/entities';

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
