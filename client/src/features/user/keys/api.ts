import type {
  ApiKeyList,
  ApiKeyView,
  CreateApiKeyBody,
  CreatedApiKey,
  RevokeApiKeyBody,
  UpdateApiKeyBody,
} from '@contracts/api-keys';
import type { ApiSummary } from '@contracts/apis';
import { api, call, dataOf } from '../../../lib/api';

/** Matches shown for a search in the allowed-APIs picker; a narrower search finds the rest. */
const API_MATCHES = 20;

/** The user's keys (issue #15); key writes also refresh the user info (the default key's hint). */
export const keysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public APIs matching a search, for a key's allowed-APIs choice ('' : the first). */
    searchKeyApis: build.query<ApiSummary[], string>({
      ...call(
        'GET api/get_api_list.php',
        (search: string) => ({ params: { per_page: API_MATCHES, ...(search ? { search } : {}) } }),
        dataOf,
      ),
      providesTags: ['Apis'],
    }),
    getApiKeys: build.query<ApiKeyList, void>({
      ...call('GET api/user/get_api_keys.php', undefined, dataOf),
      providesTags: ['User'],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyBody>({
      ...call('POST api/user/create_api_key.php', (body: CreateApiKeyBody) => ({ body }), dataOf),
      invalidatesTags: ['User'],
    }),
    updateApiKey: build.mutation<ApiKeyView, UpdateApiKeyBody>({
      ...call('POST api/user/update_api_key.php', (body: UpdateApiKeyBody) => ({ body }), dataOf),
      invalidatesTags: ['User'],
    }),
    revokeApiKey: build.mutation<ApiKeyView, RevokeApiKeyBody>({
      ...call('POST api/user/revoke_api_key.php', (body: RevokeApiKeyBody) => ({ body }), dataOf),
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
