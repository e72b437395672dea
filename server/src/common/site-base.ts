import type { FastifyRequest } from 'fastify';

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

/**
 * Where mailed links point: 网站地址 (`siteUrl`), else PUBLIC_URL; '' when the site has neither
 * (mail then cannot go out: a link on the request's Host could point anywhere).
 */
export const mailLinkBase = (siteUrl: string, request: FastifyRequest): string =>
  siteBase(siteUrl, request.server.publicAddress.configured);
