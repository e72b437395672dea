import assert from 'node:assert/strict';
import { AppError } from '../../../common/app-error';
import type { BuiltinHandler, BuiltinRequest, BuiltinResponse } from '../types';

/*
 * Shared by the built-ins' specs. It asserts with node:assert rather than Jest's globals because
 * the production build compiles every file under src that is not a spec.
 */

export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export function builtinRequest(
  query: Record<string, string> = {},
  extra: Partial<BuiltinRequest> = {},
): BuiltinRequest {
  return {
    method: 'GET',
    query,
    body: undefined,
    ip: '203.0.113.9',
    headers: { 'user-agent': CHROME_UA, 'accept-language': 'en-GB,en;q=0.9' },
    ...extra,
  };
}

async function rejection(promise: () => Promise<unknown>): Promise<unknown> {
  try {
    await promise();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** Calls handlers by API name, as the gateway does, and checks the envelope of their answers. */
export function harness(handlers: Readonly<Record<string, BuiltinHandler>>) {
  async function call(
    name: string,
    query: Record<string, string> = {},
    extra: Partial<BuiltinRequest> = {},
  ): Promise<BuiltinResponse> {
    const handler = handlers[name];
    if (!handler) throw new Error(`no handler ${name}`);
    return handler(builtinRequest(query, extra));
  }

  /** The `data` of a JSON answer, after checking the success envelope. */
  async function data(
    name: string,
    query: Record<string, string> = {},
    extra: Partial<BuiltinRequest> = {},
  ): Promise<any> {
    const response = await call(name, query, extra);
    assert.equal(response.status ?? 200, 200);
    assert.equal(response.contentType, undefined);
    const body = response.body as { success: boolean; message: string; data: any };
    assert.equal(body.success, true);
    assert.equal(body.message, 'ok');
    return body.data;
  }

  /** The call must fail with the 400 that names the offending parameter. */
  async function expectInvalid(
    name: string,
    query: Record<string, string>,
    message?: string | RegExp,
    extra: Partial<BuiltinRequest> = {},
  ): Promise<void> {
    const error = await rejection(() => call(name, query, extra));
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.status, 400);
    assert.equal(error.code, 'gateway.invalid_param');
    assert.match(error.message, /parameter '[a-z_]+'/);
    if (typeof message === 'string') {
      assert.ok(error.message.includes(message), `"${error.message}" lacks "${message}"`);
    } else if (message !== undefined) {
      assert.match(error.message, message);
    }
  }

  return { call, data, expectInvalid };
}
