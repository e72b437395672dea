import type { Ad } from '../../../database/entities';

export function toAd(ad: Ad) {
  return {
    id: ad.id,
    title: ad.title,
    image_url: ad.image_url,
    link_url: ad.link_url,
    description: ad.description,
    sort_order: ad.sort_order,
    status: ad.status,
    created_at: ad.created_at.toISOString(),
    updated_at: ad.updated_at.toISOString(),
  };
}
