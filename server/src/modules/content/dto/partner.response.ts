import type { Partner } from '../../../contracts/content';
import type { Partner as PartnerRow } from '../../../database/entities';

export function toPartner(partner: PartnerRow): Partner {
  return {
    id: partner.id,
    name: partner.name,
    name_en: partner.name_en,
    logo_url: partner.logo_url,
    website_url: partner.website_url,
    description: partner.description,
    description_en: partner.description_en,
    sort_order: partner.sort_order,
    status: partner.status,
    created_at: partner.created_at.toISOString(),
    updated_at: partner.updated_at.toISOString(),
  };
}
