import type { ApiDetail, ApiList, ApiListQuery, ApiRef } from '@contracts/apis';
import type { Category } from '@contracts/categories';
import type { Ad, Partner } from '@contracts/content';
import type { StatusPage } from '@contracts/health';
import { STATUS } from '@contracts/envelope';
import {
  parseListField,
  type RequestParam,
  type ResponseParam,
  type StatusCode,
} from '@contracts/list-fields';
import type { PlanList } from '@contracts/plans';
import type { UsageSummary } from '@contracts/site';
import { api, call, dataOf } from '../../lib/api';

const enabled = <T extends { status: number }>(rows: T[]) =>
  rows.filter((row) => row.status === STATUS.enabled);

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiList: build.query<ApiList, ApiListQuery>({
      ...call('GET api/get_api_list.php', (params: ApiListQuery) => ({ params })),
      providesTags: ['Apis'],
    }),
    getApiDetail: build.query<ApiDetail, ApiRef>({
      // The list fields are documented as possibly JSON text, even doubly encoded.
      ...call(
        'GET api/get_api_detail.php',
        (params: ApiRef) => ({ params }),
        ({ data }) => ({
          ...data,
          request_params: parseListField<RequestParam>(data.request_params),
          response_params: parseListField<ResponseParam>(data.response_params),
          status_codes: parseListField<StatusCode>(data.status_codes),
        }),
      ),
      providesTags: ['Apis'],
    }),
    getCategories: build.query<Category[], void>({
      ...call('GET api/get_categories.php', undefined, dataOf),
      providesTags: ['Apis'],
    }),
    getPartners: build.query<Partner[], void>({
      // Admins get disabled rows from this endpoint too; the public site shows enabled ones only.
      ...call('GET api/admin/get_partners.php', undefined, ({ data }) => enabled(data)),
      providesTags: ['Partners'],
    }),
    getAds: build.query<Ad[], void>({
      ...call('GET api/admin/get_ads.php', undefined, ({ data }) => enabled(data)),
      providesTags: ['Ads'],
    }),
    getUsageStats: build.query<UsageSummary, void>({
      ...call('GET api/get_usage_stats.php', undefined, dataOf),
      providesTags: ['Stats'],
    }),
    getStatus: build.query<StatusPage, void>({
      ...call('GET api/get_status.php', undefined, dataOf),
      providesTags: ['Apis'],
    }),
    /** The plans on offer (the pricing page), cheapest first. */
    getPlans: build.query<PlanList, void>(call('GET api/get_plans.php', undefined, dataOf)),
  }),
});

export const {
  useGetApiListQuery,
  useGetApiDetailQuery,
  useGetCategoriesQuery,
  useGetPartnersQuery,
  useGetAdsQuery,
  useGetUsageStatsQuery,
  useGetStatusQuery,
  useGetPlansQuery,
} = catalogueApi;
