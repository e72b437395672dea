import type { ApiDetail, ApiList, ApiListQuery, ApiRef } from '@contracts/apis';
import type { Category, CategoryList } from '@contracts/categories';
import type { Ad, Partner } from '@contracts/content';
import { STATUS, type DataEnvelope } from '@contracts/envelope';
import {
  parseListField,
  type RequestParam,
  type ResponseParam,
  type StatusCode,
} from '@contracts/list-fields';
import type { UsageSummary } from '@contracts/site';
import { api } from '../../lib/api';

const enabled = <T extends { status: number }>(rows: T[] | undefined) =>
  (rows ?? []).filter((row) => row.status === STATUS.enabled);

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiList: build.query<ApiList, ApiListQuery>({
      query: (params) => ({ url: 'api/get_api_list.php', params }),
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
    getCategories: build.query<Category[], void>({
      query: () => 'api/get_categories.php',
      transformResponse: (res: CategoryList) => res.data,
      providesTags: ['Apis'],
    }),
    getPartners: build.query<Partner[], void>({
      query: () => 'api/admin/get_partners.php',
      // Admins get disabled rows from this endpoint too; the public site shows enabled ones only.
      transformResponse: (res: DataEnvelope<Partner[]>) => enabled(res.data),
      providesTags: ['Partners'],
    }),
    getAds: build.query<Ad[], void>({
      query: () => 'api/admin/get_ads.php',
      transformResponse: (res: DataEnvelope<Ad[]>) => enabled(res.data),
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
  useGetCategoriesQuery,
  useGetPartnersQuery,
  useGetAdsQuery,
  useGetUsageStatsQuery,
} = catalogueApi;
