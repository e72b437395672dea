/*
 * Checked by the client's typecheck, never run: the calls an endpoint may ask the base query for
 * are exactly the route table's (contracts/routes.ts), each with its method; an endpoint made by
 * `call` declares the result its route answers (or the part it picks), not another.
 */
import type { ApiKeyList } from '@contracts/api-keys';
import type { DataEnvelope } from '@contracts/envelope';
import type { UserInfo } from '@contracts/users';
import { api, call, dataOf, type SiteCall } from './api';

export const typeChecks: SiteCall[] = [
  'api/get_config.php',
  { url: 'api/get_api_list.php', params: { page: 1 } },
  { url: 'api/login.php', method: 'POST', body: {} },
  // @ts-expect-error a path the server does not have
  'api/get_nothing.php',
  // @ts-expect-error a POST route asked for with GET (the method left out)
  { url: 'api/login.php', body: {} },
  // @ts-expect-error a GET route asked for with POST
  { url: 'api/get_config.php', method: 'POST' },
];

export const resultChecks = api.injectEndpoints({
  endpoints: (build) => ({
    answer: build.query<DataEnvelope<UserInfo>, void>(call('GET api/user/get_user_info.php')),
    picked: build.query<UserInfo, void>(call('GET api/user/get_user_info.php', undefined, dataOf)),
    pickedAnother: build.query<ApiKeyList, void>(
      // @ts-expect-error the payload picked is the user's info, not a key list
      call('GET api/user/get_user_info.php', undefined, dataOf),
    ),
    // @ts-expect-error the route answers the user's info, not a key list
    another: build.query<DataEnvelope<ApiKeyList>, void>(call('GET api/user/get_user_info.php')),
  }),
});
