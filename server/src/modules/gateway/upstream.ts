import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { request } from 'undici';
import { AppError } from '../../common/app-error';
import { hasUnreadableCharacter } from '../../common/request-guards';

/** Headers that describe one hop of a connection: never passed on, either way. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
/**
 * Also never forwarded upstream: our host and length, the caller's credentials for us, and
 * `Expect` (the gateway has read the whole body already; undici refuses to send the header).
 */
const DROPPED_REQUEST_HEADERS = new Set([
  ...HOP_BY_HOP,
  'host',
  'content-length',
  'cookie',
  'authorization',
  'x-api-key',
  'x-xsrf-token',
  'expect',
]);
/**
 * Headers the gateway sets on its own answers (call id, cost, balance, limits): an upstream's
 * headers of these names are dropped so they cannot pass for the gateway's.
 */
export const GATEWAY_HEADERS = [
  'x-request-id',
  'x-cost',
  'x-balance',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;
/**
 * The upstream answer's headers that reach the caller: those describing the body and its caching,
 * redirects and retries. Anything else (hop-by-hop headers, cookies, and headers that act on the
 * whole site's origin such as Clear-Site-Data, Strict-Transport-Security, Refresh, Link,
 * Alt-Svc or Service-Worker-Allowed) is dropped: an allow-list, so headers invented later are
 * dropped too.
 */
const PASSED_RESPONSE_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'last-modified',
  'etag',
  'vary',
  'age',
  'location',
  'retry-after',
]);
/**
 * An upstream's own `X-` headers pass too (they carry its API's metadata), except the gateway's and
 * those a proxy in front of the site acts on (nginx's X-Accel-*, X-Sendfile) or that describe the
 * site's connections.
 */
const DROPPED_X_HEADERS = /^x-(?:accel-|sendfile|lighttpd-|forwarded-|real-ip$)/;
const GATEWAY_HEADER_SET = new Set<string>(GATEWAY_HEADERS);

/** Whether an upstream answer's header (lower-case name) is passed on to the caller. */
export function passesResponseHeader(name: string): boolean {
  if (PASSED_RESPONSE_HEADERS.has(name)) return true;
  return name.startsWith('x-') && !GATEWAY_HEADER_SET.has(name) && !DROPPED_X_HEADERS.test(name);
}

export class UpstreamFailure extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
    /** The upstream's status when it answered one (a 5xx); 0 when it answered none. */
    readonly status = 0,
  ) {
    super(message);
  }
}

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

const invalidPath = () => new AppError('gateway.invalid_path', 'invalid API path', 400);

/** Percent-decoded until it no longer changes (`%252e` is `.`); null when it cannot be. */
export function fullyDecoded(text: string): string | null {
  let decoded = text;
  for (let previous = ''; decoded !== previous;) {
    previous = decoded;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  return decoded;
}

/**
 * The upstream URL for a sub-path below the API's base, or a 400. The sub-path is decoded until it
 * no longer changes (so `%252e%252e` is seen as `..`), refused if any segment is a dot segment
 * (also before a `;` parameter, as servers such as Tomcat read `..;`), contains a backslash, NUL
 * or other control character, and the resolved URL must still sit under the base path: the check
 * is made on the URL the request will really go to, not on the text that was sent.
 */
export function upstreamUrl(baseUrl: string, subPath: string): URL {
  const decoded = fullyDecoded(subPath);
  if (decoded === null || hasUnreadableCharacter(decoded)) throw invalidPath();
  const segments = decoded.split('/');
  if (segments.some((segment) => /^\.{1,2}$/.test(segment.split(';')[0]))) throw invalidPath();
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  const url = new URL(base);
  if (subPath) {
    url.pathname = `${basePath}/${segments.map(encodeURIComponent).join('/')}`;
  }
  if (
    url.origin !== base.origin ||
    (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`))
  ) {
    throw invalidPath();
  }
  return url;
}

/**
 * Forwards a call to the API's upstream (undici): method, path below the API, query and body go
 * through; the caller's key, cookies, `Expect` and hop-by-hop headers do not; of the answer's
 * headers, only those passesResponseHeader allows come back; redirects are returned to the caller,
 * never followed. Network errors, timeouts and 5xx answers are UpstreamFailure.
 */
export async function callUpstream(call: UpstreamCall): Promise<UpstreamResponse> {
  const url = upstreamUrl(call.baseUrl, call.subPath);
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
      timedOut,
    );
  }
  if (response.statusCode >= 500) {
    await response.body.dump().catch(() => undefined);
    throw new UpstreamFailure(
      `the upstream API failed (status ${response.statusCode})`,
      false,
      response.statusCode,
    );
  }
  const outHeaders: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && passesResponseHeader(name)) outHeaders[name] = value;
  }
  return { statusCode: response.statusCode, headers: outHeaders, body: response.body };
}
