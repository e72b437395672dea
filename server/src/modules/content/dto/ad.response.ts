import type { Ad } from '../../../contracts/content';
import type { Ad as AdRow } from '../../../database/entities';

export function toAd(ad: AdRow): Ad {
  return {
    id: ad.id,
    title: ad.title,
    title_en: ad.title_en,
    image_url: ad.image_url,
    link_url: ad.link_url,
    description: ad.description,
    description_en: ad.description_en,
    sort_order: ad.sort_order,
    status: ad.status,
    created_at: ad.created_at.toISOString(),
    updated_at: ad.updated_at.toISOString(),
  };
}
