import type { FastifyRequest } from 'fastify';

const MAX_HOST_LENGTH = 255;

/**
 * The origin the request reached (scheme and Host, from the trusted proxy's headers when
 * TRUST_PROXY is on), or '' when the Host header does not form a URL: documents then use
 * relative URLs.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host;
  if (!host || host.length > MAX_HOST_LENGTH) return '';
  try {
    const url = new URL(`${request.protocol}://${host}`);
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}

/** The site's base URL without a trailing slash: site_url when it is an http(s) URL, else `origin`. */
export function siteBase(configured: string, origin: string): string {
  const trimmed = configured.trim();
  if (!trimmed) return origin;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return origin;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return origin;
  }
}
