import { useGetCategoriesQuery } from './api';
import { filtersFrom, knownFilters } from './listQueries';

/**
 * A home list's filters from the URL, checked against the site's categories (see knownFilters).
 * `ready` is false while a category is asked for and the categories are still loading: the list
 * waits rather than asking for a category that may be gone.
 */
export function useCatalogueFilters(params: URLSearchParams) {
  const categories = useGetCategoriesQuery();
  const asked = filtersFrom(params);
  const ready = !asked.category || categories.data !== undefined || categories.isError;
  return { ...knownFilters(asked, categories.data), ready };
}

/**
 * What the home page hands each list: its search text (its own box's, or the page's search of
 * every API) and how to change it; `onError` gives a load failure to the page's one banner (SPEC
 * §8), null when it clears.
 */
export interface ListProps {
  search: string;
  onSearch: (text: string) => void;
  onError: (message: string | null) => void;
}
