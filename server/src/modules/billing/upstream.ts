import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { request } from 'undici';
import { AppError } from '../../common/app-error';

/** Headers that describe one hop, or that carry our own credentials: never forwarded. */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'cookie',
  'authorization',
  'x-api-key',
  'x-xsrf-token',
]);
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
]);

export class UpstreamFailure extends Error {}

export interface UpstreamCall {
  baseUrl: string;
  subPath: string;
  search: URLSearchParams;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
  clientIp: string;
  timeoutMs: number;
}

export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Readable;
}

/**
 * Forwards a call to the API's upstream (undici): method, path below the API, query and body go
 * through; the caller's key, cookies and hop-by-hop headers do not; redirects are returned to the
 * caller, never followed. Network errors, timeouts and 5xx answers are UpstreamFailure.
 */
export async function callUpstream(call: UpstreamCall): Promise<UpstreamResponse> {
  // A sub-path may only go deeper below the API's base path, never climb out of it.
  if (call.subPath.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new AppError('invalid_path', 'invalid API path', 400);
  }
  const url = new URL(call.baseUrl);
  if (call.subPath) url.pathname = `${url.pathname.replace(/\/$/, '')}/${call.subPath}`;
  for (const [key, value] of call.search) url.searchParams.append(key, value);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  const forwarded = call.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${call.clientIp}` : call.clientIp;
  let response;
  try {
    response = await request(url, {
      method: call.method as 'GET',
      headers,
      body: call.method === 'GET' || call.method === 'HEAD' ? undefined : call.body,
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
  } catch (error) {
    const timedOut = /timeout/i.test((error as { code?: string }).code ?? '');
    throw new UpstreamFailure(
      timedOut ? 'the upstream API timed out' : 'the upstream API is unreachable',
    );
  }
  if (response.statusCode >= 500) {
    await response.body.dump().catch(() => undefined);
    throw new UpstreamFailure(`the upstream API failed (status ${response.statusCode})`);
  }
  const outHeaders: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) outHeaders[name] = value;
  }
  return { statusCode: response.statusCode, headers: outHeaders, body: response.body };
}
