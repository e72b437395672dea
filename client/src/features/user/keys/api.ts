import type {
  ApiKeyList,
  ApiKeyView,
  CreateApiKeyBody,
  CreatedApiKey,
  RevokeApiKeyBody,
  UpdateApiKeyBody,
} from '@contracts/api-keys';
import type { ApiList, ApiSummary } from '@contracts/apis';
import type { DataEnvelope } from '@contracts/envelope';
import { api } from '../../../lib/api';

/** Matches shown for a search in the allowed-APIs picker; a narrower search finds the rest. */
const API_MATCHES = 20;

/** The user's keys (issue #15); key writes also refresh the user info (the default key's hint). */
export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public APIs matching a search, for a key's allowed-APIs choice ('' : the first). */
    searchKeyApis: build.query<ApiSummary[], string>({
      query: (search) => ({
        url: 'api/get_api_list.php',
        params: { per_page: API_MATCHES, ...(search ? { search } : {}) },
      }),
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
    revokeApiKey: build.mutation<ApiKeyView, RevokeApiKeyBody>({
      query: (body) => ({ url: 'api/user/revoke_api_key.php', method: 'POST', body }),
      transformResponse: (response: DataEnvelope<ApiKeyView>) => response.data,
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useSearchKeyApisQuery,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useUpdateApiKeyMutation,
  useRevokeApiKeyMutation,
} = keysApi;
