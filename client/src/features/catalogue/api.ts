import { api, Envelope } from '../../lib/api';

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

export interface ApiListArgs {
  page?: number;
  per_page?: number;
  is_paid?: 0 | 1;
  is_pinned?: 0 | 1;
  search?: string;
}

export interface ApiList extends Envelope {
  data: ApiSummary[];
  total: number;
  total_pages: number;
  current_page: number;
}

const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiList: build.query<ApiList, ApiListArgs>({
      query: (params) => ({ url: 'api/get_api_list.php', params }),
      providesTags: ['Apis'],
    }),
  }),
});

export const { useGetApiListQuery } = catalogueApi;
