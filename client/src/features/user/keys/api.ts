import type {
  ApiKeyList,
  ApiKeyView,
  CreateApiKeyBody,
  CreatedApiKey,
  UpdateApiKeyBody,
} from '@contracts/api-keys';
import type { ApiList, ApiSummary } from '@contracts/apis';
import type { DataEnvelope } from '@contracts/envelope';
import { api } from '../../../lib/api';

/** The user's keys (issue #15); key writes also refresh the user info (the default key's hint). */
export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every API, for a key's allowed-APIs choice (the public list holds up to 1000 a page). */
    getKeyApiChoices: build.query<ApiSummary[], void>({
      query: () => ({ url: 'api/get_api_list.php', params: { per_page: 1000 } }),
      transformResponse: (response: ApiList) => response.data,
      providesTags: ['Apis'],
    }),
    getApiKeys: build.query<ApiKeyList, void>({
      query: () => 'api/user/get_api_keys.php',
      transformResponse: (response: DataEnvelope<ApiKeyList>) => response.data,
      providesTags: ['User'],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyBody>({
      query: (body) => ({ url: 'api/user/create_api_key.php', method: 'POST', body }),
      transformResponse: (response: DataEnvelope<CreatedApiKey>) => response.data,
      invalidatesTags: ['User'],
    }),
    updateApiKey: build.mutation<ApiKeyView, UpdateApiKeyBody>({
      query: (body) => ({ url: 'api/user/update_api_key.php', method: 'POST', body }),
      transformResponse: (response: DataEnvelope<ApiKeyView>) => response.data,
      invalidatesTags: ['User'],
    }),
    revokeApiKey: build.mutation<ApiKeyView, number>({
      query: (id) => ({ url: 'api/user/revoke_api_key.php', method: 'POST', body: { id } }),
      transformResponse: (response: DataEnvelope<ApiKeyView>) => response.data,
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetKeyApiChoicesQuery,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useUpdateApiKeyMutation,
  useRevokeApiKeyMutation,
} = keysApi;
