import type { Category } from '@contracts/categories';
import { CATALOGUE_SORTS, type CatalogueSort } from '@contracts/apis';
import { useI18n, type UiKey } from '../../i18n';
import { useQueryParams } from '../../lib/useQueryParams';
import { filtersFrom, knownFilters } from './listQueries';

const SORT_LABELS: Record<CatalogueSort, UiKey> = {
  popular: 'home.sortPopular',
  newest: 'home.sortNewest',
  price: 'home.sortPrice',
  fastest: 'home.sortFastest',
  reliable: 'home.sortReliable',
};

/**
 * The home page's category chips and sort, both lists' filters. State lives in the URL query
 * (`category`, `sort`), so a reload, a shared link and the server-rendered page agree; a change
 * goes back to both lists' first pages. The chips scroll sideways inside their row. A category
 * the site no longer has shows All chosen and a notice (`categories` undefined: not loaded yet).
 */
export default function CatalogueFilters({ categories }: { categories: Category[] | undefined }) {
  const { t, lang } = useI18n();
  const [params, setParams] = useQueryParams();
  const { filters, stale } = knownFilters(filtersFrom(params), categories);
  const { category, sort } = filters;

  const choose = (key: 'category' | 'sort', value: string | undefined) =>
    setParams((current) => {
      if (value) current.set(key, value);
      else current.delete(key);
      current.delete('page');
      current.delete('paid_page');
    });

  const chip = (selected: boolean) =>
    selected
      ? 'btn btn-sm btn-primary rounded-pill text-nowrap'
      : 'btn btn-sm btn-outline-secondary rounded-pill text-nowrap';

  return (
    <>
      <div className="portico-filters mb-3">
        <div className="portico-category-chips" role="group" aria-label={t('home.categories')}>
          <button
            type="button"
            className={chip(!category)}
            aria-pressed={!category}
            onClick={() => choose('category', undefined)}
          >
            {t('home.allCategories')}
          </button>
          {(categories ?? [])
            .filter((item) => item.api_count > 0 || item.slug === category)
            .map((item) => (
              <button
                key={item.id}
                type="button"
                className={chip(item.slug === category)}
                aria-pressed={item.slug === category}
                onClick={() => choose('category', item.slug === category ? undefined : item.slug)}
              >
                {lang === 'zh' ? item.name : item.name_en}
              </button>
            ))}
        </div>
        <select
          className="form-select form-select-sm portico-sort"
          aria-label={t('home.sort')}
          value={sort ?? ''}
          onChange={(event) => choose('sort', event.target.value || undefined)}
        >
          <option value="">{t('home.sortDefault')}</option>
          {CATALOGUE_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      {stale && (
        <p className="alert alert-info py-2 mb-3" role="status">
          {t('home.staleCategory', { slug: stale })}
        </p>
      )}
    </>
  );
}
