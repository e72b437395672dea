import { CATALOGUE_SORTS } from '../../contracts/apis';
import { CATEGORY_SLUG_PATTERN } from '../../contracts/categories';

/*
 * What a page is rendered from, reduced to what the page reads: the address the renderer is given,
 * which is also the stored page's key (with the language and theme). Anything else in the address (a `?cb=<random>`, `utm_*`
 * tags, a trailing slash) does not make another page, so it cannot force another render.
 *
 * The rules mirror client/src/features/catalogue/listQueries.ts and ApiDetailPage's
 * apiRefFromParams, which the browser uses on the same address when it hydrates: rendering the
 * normalised address gives the very state (and markup) the original one would. A query parameter
 * a server-rendered page starts reading must be added here, or the page is rendered without it.
 */
const SORTS: readonly string[] = CATALOGUE_SORTS;

/** listQueries' pageFrom: anything but a positive integer is page 1. */
function pageNumber(params: URLSearchParams, name: 'page' | 'paid_page'): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The home page reads its category chip, its sort and each list's page. */
function homeQuery(params: URLSearchParams): string {
  const category = params.get('category')?.trim().toLowerCase() ?? '';
  const sort = params.get('sort') ?? '';
  const page = pageNumber(params, 'page');
  const paidPage = pageNumber(params, 'paid_page');
  const query = new URLSearchParams();
  if (category.length <= 50 && CATEGORY_SLUG_PATTERN.test(category)) {
    query.set('category', category);
  }
  if (SORTS.includes(sort)) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  if (paidPage > 1) query.set('paid_page', String(paidPage));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** /api/:id/:name_en?: a numeric id is the API (the name is decoration), else the name is. */
const API_PAGE = /^\/api\/([^/]+)(?:\/([^/]+))?$/;

function apiId(path: string): number | null {
  const match = API_PAGE.exec(path);
  if (!match) return null;
  let ref: string;
  try {
    ref = decodeURIComponent(match[1]).trim();
  } catch {
    return null;
  }
  const id = Number(ref);
  return /^\d+$/.test(ref) && Number.isSafeInteger(id) ? id : null;
}

/**
 * The address to render `rawUrl` (path and query, as routed) from, and to store it under. Only the
 * home page reads its query; every other page is its path alone.
 */
export function pageAddress(rawUrl: string): string {
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
  if (path === '/') {
    return `/${homeQuery(new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt)))}`;
  }
  const id = apiId(path);
  return id === null ? path : `/api/${id}`;
}
