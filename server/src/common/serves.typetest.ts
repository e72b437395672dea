/*
 * Checked by the server's typecheck, never run: `@Serves` accepts a handler that returns its
 * route's answer (contracts/routes.ts) and refuses one that returns another's.
 */
import type { ApiKeyList } from '../contracts/api-keys';
import type { DataEnvelope } from '../contracts/envelope';
import { Serves } from './serves';

declare const keys: DataEnvelope<ApiKeyList>;

export class TypeChecks {
  @Serves('GET api/user/get_api_keys.php')
  answers(): Promise<DataEnvelope<ApiKeyList>> {
    return Promise.resolve(keys);
  }

  // @ts-expect-error the usage route answers Usage, not a key list
  @Serves('GET api/user/get_usage.php')
  answersAnotherRoute(): Promise<DataEnvelope<ApiKeyList>> {
    return Promise.resolve(keys);
  }

  @Serves('GET api/get_api_list.php')
  writesTheReply(): Promise<void> {
    return Promise.resolve();
  }

  // @ts-expect-error a route answered by value cannot be left to the reply
  @Serves('GET api/user/get_api_keys.php')
  writesAnAnswerToTheReply(): void {}
}
