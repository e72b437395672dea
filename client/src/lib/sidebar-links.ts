import type { SidebarLink } from '@contracts/content';

/** How the sidebar renders a server link. */
export type SidebarEntry =
  | { kind: 'internal'; to: string }
  | { kind: 'document'; href: string }
  | { kind: 'external'; href: string; newTab: boolean }
  | { kind: 'disabled' };

const SAFE_EXTERNAL = /^(https?:|mailto:)/i;

/**
 * A URL starting with one slash is a route of this site; /apis/... is the gateway, which the
 * browser must load itself. Anything else is external and opens in a new tab unless the link says
 * _self. No URL, or a scheme that could run script, gives a disabled label.
 */
export function classifySidebarLink(link: {
  url: SidebarLink['url'];
  target?: string | null;
}): SidebarEntry {
  const url = link.url?.trim() ?? '';
  if (!url) return { kind: 'disabled' };
  if (url.startsWith('/') && !url.startsWith('//')) {
    return /^\/apis(\/|$)/.test(url)
      ? { kind: 'document', href: url }
      : { kind: 'internal', to: url };
  }
  const href = url.startsWith('//') ? `https:${url}` : url;
  if (!SAFE_EXTERNAL.test(href)) return { kind: 'disabled' };
  return { kind: 'external', href, newTab: link.target !== '_self' };
}
