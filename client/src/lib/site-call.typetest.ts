/*
 * Checked by the client's typecheck, never run: the calls an endpoint may ask the base query for
 * are exactly the route table's (contracts/routes.ts), each with its method.
 */
import type { SiteCall } from './api';

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
