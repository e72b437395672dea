import { api, DataEnvelope, Envelope } from '../../lib/api';
import type { ApiSummary } from '../../lib/api-summary';
import { parseListField } from '../../lib/list-fields';

export interface RequestParam {
  name: string;
  type: string;
  required: boolean | number | string;
  description: string;
}

export interface ResponseParam {
  name?: string;
  key?: string;
  type: string;
  description: string;
}

export interface StatusCode {
  code: number | string;
  description: string;
}

export interface ApiDetail extends ApiSummary {
  example_url: string;
  response_format: string;
  request_params: RequestParam[];
  response_params: ResponseParam[];
  status_codes: StatusCode[];
  php_example: string;
  response_example: string;
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

export type ApiRef = { id: number } | { name_en: string };

export interface Partner {
  id: number;
  name: string;
  logo_url: string;
  website_url: string;
  description: string;
  status: number;
}

export interface Ad {
  id: number;
  title: string;
  image_url: string;
  link_url: string;
  description: string;
  status: number;
}

export interface UsageSummary {
  total_global_calls: number;
  total_today_global_calls: number;
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiList: build.query<ApiList, ApiListArgs>({
      query: (params) => ({ url: 'api/get_api_list.php', params }),
      // An admin session also lists disabled APIs; the public pages never show them.
      transformResponse: (res: ApiList) => ({
        ...res,
        data: res.data.filter((a) => a.status === 1),
      }),
      providesTags: ['Apis'],
    }),
    getApiDetail: build.query<ApiDetail, ApiRef>({
      query: (params) => ({ url: 'api/get_api_detail.php', params }),
      // The list fields are documented as possibly JSON text, even doubly encoded.
      transformResponse: (res: DataEnvelope<ApiDetail>) => ({
        ...res.data,
        request_params: parseListField<RequestParam>(res.data.request_params),
        response_params: parseListField<ResponseParam>(res.data.response_params),
        status_codes: parseListField<StatusCode>(res.data.status_codes),
      }),
      providesTags: ['Apis'],
    }),
    getPartners: build.query<Partner[], void>({
      query: () => 'api/admin/get_partners.php',
      // Admins get disabled rows from this endpoint too; the public site shows enabled ones only.
      transformResponse: (res: DataEnvelope<Partner[]>) =>
        (res.data ?? []).filter((p) => p.status === 1),
      providesTags: ['Partners'],
    }),
    getAds: build.query<Ad[], void>({
      query: () => 'api/admin/get_ads.php',
      transformResponse: (res: DataEnvelope<Ad[]>) =>
        (res.data ?? []).filter((a) => a.status === 1),
      providesTags: ['Ads'],
    }),
    getUsageStats: build.query<UsageSummary, void>({
      query: () => 'api/get_usage_stats.php',
      transformResponse: (res: DataEnvelope<UsageSummary>) => res.data,
      providesTags: ['Stats'],
    }),
  }),
});

export const {
  useGetApiListQuery,
  useGetApiDetailQuery,
  useGetPartnersQuery,
  useGetAdsQuery,
  useGetUsageStatsQuery,
} = catalogueApi;
