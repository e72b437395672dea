import type { ApiDetail } from '@contracts/apis';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router-dom';
import { STATIC_NOTICE_SCRIPT } from './app/layouts/notice';
import StaticNotice from './app/layouts/StaticNotice';
import { ROUTE_MODULES, routes } from './app/router';
import { makeStore } from './app/store';
import { FALLBACK_SITE_NAME, paths } from './config/paths';
import { apiRefFromParams } from './features/catalogue/ApiDetailPage';
import { pricingNeeds } from './features/catalogue/PricingPage';
import { catalogueApi } from './features/catalogue/api';
import { apiDescription, apiTitle } from './lib/apiText';
import { inLanguage } from './lib/inLanguage';
import {
  filtersFrom,
  freeListQuery,
  knownFilters,
  pageFrom,
  paidListQuery,
  PRICING_APIS_QUERY,
} from './features/catalogue/listQueries';
import { authApi } from './features/auth/api';
import { siteApi } from './features/site/api';
import {
  HTML_LANG,
  I18nProvider,
  LANG_MODULES,
  loadLang,
  translate,
  type Lang,
  type UiKey,
} from './i18n';
import { api, errorStatus } from './lib/api';
import { OriginContext, type ServerFetch } from './lib/ssr';
import { ThemeProvider, type ThemeMode } from './lib/theme';

export interface RenderInput {
  /** Path and query of the page asked for. */
  url: string;
  lang: Lang;
  /** The `theme` cookie's mode: light and dark are set on <html>, system is left to CSS. */
  theme: ThemeMode;
  /** "https://example.com": the request's own origin. */
  origin: string;
  /** The site's public address (the configured site URL, else the origin) for canonical links. */
  canonicalBase: string;
  fetchFn: ServerFetch['fetchFn'];
}

export interface PageHead {
  title: string;
  description: string;
  /** Path (and query) of the page's one address. */
  canonicalPath: string;
  siteName: string;
  /** schema.org data for the page, when it has some (API pages: WebAPI). */
  jsonLd?: Record<string, unknown>;
}

export interface RenderedPage {
  status: 200 | 404;
  htmlLang: string;
  /** `<html data-bs-theme>`, absent for the system theme. */
  htmlTheme?: 'light' | 'dark';
  head: PageHead;
  /** The markup of #root. */
  html: string;
  /** What the client hydrates from: the answers the page was rendered with. */
  state: { lang: Lang; theme: ThemeMode; api: unknown };
  /**
   * Source files of the page's on-demand modules (ROUTE_MODULES, and the page language's texts
   * but English's), fetched with the app's.
   */
  modules: string[];
  /** Markup after #root, outside the app: home's notice and the script that shows it. */
  after?: string;
}

const TITLES: Record<string, UiKey> = {
  about: 'about.title',
  friends: 'friends.title',
  status: 'status.title',
  pricing: 'pricing.title',
  login: 'auth.loginTitle',
  register: 'auth.registerTitle',
  '*': 'notFound.title',
};

const SERVER_RENDERED = new Set([undefined, 'api/:id/:name_en?', ...Object.keys(TITLES)]);

/**
 * Renders a public page with the data its first view needs, or null for the pages the browser
 * renders itself (the user centre, the admin area).
 */
export async function render({
  url,
  lang,
  theme,
  origin,
  canonicalBase,
  fetchFn,
}: RenderInput): Promise<RenderedPage | null> {
  const location = new URL(url, origin);
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const leaf = matches.at(-1);
  if (!leaf || matches.length < 2 || !SERVER_RENDERED.has(leaf.route.path)) return null;

  await loadLang(lang);
  const store = makeStore({ server: { fetchFn } });
  const route = leaf.route.index ? 'home' : leaf.route.path;
  const ref = apiRefFromParams(leaf.params.id, leaf.params.name_en);
  const page = pageFrom(location.searchParams);
  const paidPage = pageFrom(location.searchParams, 'paid_page');
  // The very queries (same arguments) the page's components make, so hydration finds them cached.
  const running: Promise<unknown>[] = [
    store.dispatch(siteApi.endpoints.getSiteConfig.initiate()),
    store.dispatch(siteApi.endpoints.getSidebarLinks.initiate()),
    ...(route === 'home'
      ? [
          store.dispatch(catalogueApi.endpoints.getPartners.initiate()),
          store.dispatch(catalogueApi.endpoints.getAds.initiate()),
          store.dispatch(catalogueApi.endpoints.getUsageStats.initiate()),
          store.dispatch(catalogueApi.endpoints.getCategories.initiate()),
        ]
      : []),
    ...(route === 'friends' ? [store.dispatch(siteApi.endpoints.getFriendLinks.initiate())] : []),
    ...(route === 'login' || route === 'register'
      ? [store.dispatch(authApi.endpoints.oidcProviders.initiate())]
      : []),
    ...(route === 'status' ? [store.dispatch(catalogueApi.endpoints.getStatus.initiate())] : []),
  ];
  const detail = ref ? store.dispatch(catalogueApi.endpoints.getApiDetail.initiate(ref)) : null;
  // The lists apply the URL's category only if the site still has it, as the client does: the
  // categories (already asked for above) are awaited first.
  const categories =
    route === 'home'
      ? (await store.dispatch(catalogueApi.endpoints.getCategories.initiate())).data
      : undefined;
  const { filters } = knownFilters(filtersFrom(location.searchParams), categories);
  if (route === 'pricing') {
    // The plans first: which names their scopes need (a category's, the listed APIs') follows.
    const plans = (await store.dispatch(catalogueApi.endpoints.getPlans.initiate())).data?.plans;
    const needs = pricingNeeds(plans ?? []);
    if (needs.categories) {
      running.push(store.dispatch(catalogueApi.endpoints.getCategories.initiate()));
    }
    if (needs.apis) {
      running.push(store.dispatch(catalogueApi.endpoints.getApiList.initiate(PRICING_APIS_QUERY)));
    }
  }
  if (route === 'home') {
    running.push(
      store.dispatch(catalogueApi.endpoints.getApiList.initiate(paidListQuery(paidPage, filters))),
      store.dispatch(catalogueApi.endpoints.getApiList.initiate(freeListQuery(page, filters))),
    );
  }
  await Promise.all(running);
  const found = detail ? await detail : null;

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nProvider initial={lang}>
      <ThemeProvider initial={theme}>
        <OriginContext.Provider value={origin}>
          <Provider store={store}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Provider>
        </OriginContext.Provider>
      </ThemeProvider>
    </I18nProvider>,
  );

  const t = (key: UiKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const config = siteApi.endpoints.getSiteConfig.select()(store.getState()).data;
  const siteName = config?.site_title || FALLBACK_SITE_NAME;
  const description = config?.site_description || t('about.lead', { site: siteName });
  const missing = route === '*' || (found !== null && errorStatus(found.error) === 404);
  const head: PageHead = missing
    ? { title: t('notFound.title'), description, canonicalPath: location.pathname, siteName }
    : found?.data
      ? apiHead(found.data, lang, siteName, canonicalBase)
      : {
          title: route === 'home' ? t('home.title') : t(TITLES[route ?? ''] ?? 'home.title'),
          description,
          canonicalPath: route === 'home' ? homePath(page, filters.category) : location.pathname,
          siteName,
        };
  const notice = config ? inLanguage(config.home_notice, config.home_notice_en, lang) : '';
  return {
    status: missing ? 404 : 200,
    htmlLang: HTML_LANG[lang],
    ...(theme !== 'system' && { htmlTheme: theme }),
    head: { ...head, title: `${head.title} - ${siteName}` },
    html,
    state: { lang, theme, api: store.getState()[api.reducerPath] },
    ...(route === 'home' &&
      notice.trim() && {
        after:
          renderToStaticMarkup(
            <StaticNotice
              notice={notice}
              title={t('notice.title')}
              close={t('site.close')}
              cancel={t('notice.cancel')}
              confirm={t('notice.confirm')}
            />,
          ) + `<script>${STATIC_NOTICE_SCRIPT}</script>`,
      }),
    modules: [
      ...(leaf.route.path && ROUTE_MODULES[leaf.route.path]
        ? [ROUTE_MODULES[leaf.route.path]]
        : []),
      ...(LANG_MODULES[lang] ? [LANG_MODULES[lang]] : []),
    ],
  };
}

/** The home page's one address: its category and page (a sort shows the same APIs). */
function homePath(page: number, category: string | undefined): string {
  const query = new URLSearchParams({
    ...(category ? { category } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }).toString();
  return query ? `/?${query}` : '/';
}

function apiHead(detail: ApiDetail, lang: Lang, siteName: string, base: string): PageHead {
  const canonicalPath = paths.apiDetail(detail.id, detail.name_en);
  const name = apiTitle(detail, lang);
  const description = apiDescription(detail, lang);
  return {
    title: name,
    description,
    canonicalPath,
    siteName,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebAPI',
      name,
      description,
      url: `${base}${canonicalPath}`,
      documentation: `${base}${canonicalPath}`,
      identifier: detail.name_en,
      provider: { '@type': 'Organization', name: siteName, url: base },
      offers: {
        '@type': 'Offer',
        price: detail.is_paid ? detail.price_per_call : '0',
        priceCurrency: 'CNY',
      },
    },
  };
}
