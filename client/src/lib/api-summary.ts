/** An API as the catalogue list returns it (server: toApiSummary). */
export interface ApiSummary {
  id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  endpoint: string;
  request_method: string;
  status: number;
  is_paid: number;
  is_pinned: number;
  price_per_call: string;
  usage_count: number;
  created_at: string;
  updated_at: string;
}
