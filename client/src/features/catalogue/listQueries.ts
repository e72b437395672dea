import { CATALOGUE_SORTS, type ApiListQuery, type CatalogueSort } from '@contracts/apis';
import { CATEGORY_SLUG_PATTERN, type Category } from '@contracts/categories';

/** SPEC §9: the free list pages by 48. */
export const FREE_PAGE_SIZE = 48;
/**
 * The paid list pages by 12 (whole rows at one to four columns), so that on a phone the free list
 * is not pushed below a hundred paid cards; its page is `paid_page` in the URL.
 */
export const PAID_PAGE_SIZE = 12;

/** The home page's category chip and sort, kept in the URL query (`category`, `sort`). */
export interface CatalogueFilters {
  category?: string;
  sort?: CatalogueSort;
}

const isSort = (value: string): value is CatalogueSort =>
  (CATALOGUE_SORTS as readonly string[]).includes(value);

/** The filters a URL asks for; an unknown sort or a malformed slug is ignored, not sent. */
export function filtersFrom(params: URLSearchParams): CatalogueFilters {
  const category = params.get('category')?.trim().toLowerCase() ?? '';
  const sort = params.get('sort') ?? '';
  return {
    ...(category.length <= 50 && CATEGORY_SLUG_PATTERN.test(category) ? { category } : {}),
    ...(isSort(sort) ? { sort } : {}),
  };
}

/**
 * The filters as the lists apply them: a category the site no longer has (a stale link or
 * bookmark) is dropped, and named as `stale` so the page can say so, instead of both lists
 * answering "unknown category". While the categories are unknown (loading, or failed to load)
 * the URL's category is kept; the server still refuses it if it is gone.
 */
export function knownFilters(
  asked: CatalogueFilters,
  categories: readonly Category[] | undefined,
): { filters: CatalogueFilters; stale?: string } {
  if (!asked.category || !categories || categories.some((c) => c.slug === asked.category)) {
    return { filters: asked };
  }
  const { category, ...filters } = asked;
  return { filters, stale: category };
}

/**
 * A list's page in the URL: the free list's `page` (SPEC §2) unless another key is named; anything
 * but a positive integer is page 1.
 */
export function pageFrom(params: URLSearchParams, key: 'page' | 'paid_page' = 'page'): number {
  const page = Number(params.get(key));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The list queries of the home page, one definition for the components and the server renderer:
 * the same arguments make the same cache entry, so hydration finds the rendered data.
 */
export const paidListQuery = (
  page: number,
  filters: CatalogueFilters,
  search = '',
): ApiListQuery => ({
  is_paid: 1,
  page,
  per_page: PAID_PAGE_SIZE,
  ...filters,
  ...(search ? { search } : {}),
});

/**
 * The pricing page's names of the APIs a plan lists: the paid APIs, as many as one public page
 * holds (SPEC's 100); a plan's API that is not among them is counted, not named.
 */
export const PRICING_APIS_QUERY: ApiListQuery = { is_paid: 1, per_page: 100 };

export const freeListQuery = (
  page: number,
  filters: CatalogueFilters,
  search = '',
): ApiListQuery => ({
  is_paid: 0,
  page,
  per_page: FREE_PAGE_SIZE,
  ...filters,
  ...(search ? { search } : {}),
});
