import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../store';
import { FALLBACK_SITE_NAME, paths } from '../../config/paths';
import { selectUser } from '../authSlice';
import { useSignedIn } from '../useSignedIn';
import { useGetSiteConfigQuery } from '../../features/site/api';
import { useI18n } from '../../i18n';
import { inLanguage } from '../../lib/inLanguage';
import SkipLink, { MAIN_ID } from '../../components/ui/SkipLink';
import { noticeSeen, staticNoticeShown } from './notice';
import SidebarDrawer from './SidebarDrawer';
import ThemeToggle from './ThemeToggle';

const HomeNotice = lazy(() => import('./HomeNotice'));

const DESKTOP = '(min-width: 992px)';

type NoticeState = 'due' | 'open' | 'done';

export default function PublicLayout() {
  const { pathname } = useLocation();
  const { t, lang, setLang, errorText } = useI18n();
  const isLoggedIn = useSignedIn();
  const user = useAppSelector(selectUser);
  const { data: config, error: configError } = useGetSiteConfigQuery();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sidebarHidden, setSidebarHidden] = useState(false);
  // The server's copy marks the session as it shows itself: while it is up, the app takes it over.
  const [notice, setNotice] = useState<NoticeState>(() =>
    noticeSeen() && !staticNoticeShown() ? 'done' : 'due',
  );

  useEffect(() => {
    if (
      notice === 'due' &&
      pathname === paths.home &&
      config &&
      inLanguage(config.home_notice, config.home_notice_en, lang).trim()
    ) {
      setNotice('open');
    }
  }, [notice, pathname, config, lang]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const noticeClosed = useCallback(() => setNotice('done'), []);
  const toggleSidebar = () => {
    if (window.matchMedia?.(DESKTOP).matches) setSidebarHidden((hidden) => !hidden);
    else setDrawerOpen((open) => !open);
  };
  const siteName = config?.site_title || FALLBACK_SITE_NAME;

  return (
    <div className="d-flex flex-column min-vh-100">
      <SkipLink label={t('site.skipToContent')} />
      <header className="navbar navbar-dark px-2 px-sm-3 sticky-top portico-header">
        <div className="d-flex align-items-center gap-2 min-w-0">
          <button
            type="button"
            className="btn btn-sm portico-header-btn"
            aria-label={t('site.toggleSidebar')}
            aria-controls="portico-sidebar"
            onClick={toggleSidebar}
          >
            <span className="portico-bars" aria-hidden="true">
              <span />
            </span>
          </button>
          <Link to={paths.home} className="navbar-brand text-truncate me-0" title={siteName}>
            {siteName}
          </Link>
        </div>
        <div className="d-flex align-items-center gap-2 flex-shrink-0">
          {/* On a phone the brand needs the room: the welcome and Register are in the sidebar. */}
          {isLoggedIn ? (
            <span className="text-white small text-truncate portico-welcome d-none d-sm-inline">
              {t('site.welcome', { name: user.username ?? '' })}
            </span>
          ) : (
            <>
              <Link to={paths.login} className="btn btn-light btn-sm">
                {t('nav.login')}
              </Link>
              <Link
                to={paths.register}
                className="btn btn-sm portico-header-btn d-none d-sm-inline-block"
              >
                {t('nav.register')}
              </Link>
            </>
          )}
          <ThemeToggle />
          <button
            type="button"
            className="btn btn-sm portico-header-btn"
            lang={lang === 'en' ? 'zh-CN' : 'en'}
            aria-label={t('site.switchLanguageLabel')}
            onClick={() => setLang(lang === 'en' ? 'zh' : 'en')}
          >
            {t('site.switchLanguage')}
          </button>
        </div>
      </header>

      <div className="d-flex flex-grow-1">
        <SidebarDrawer
          title={siteName}
          open={drawerOpen}
          hidden={sidebarHidden}
          onClose={closeDrawer}
        />
        <div className="d-flex flex-column flex-grow-1 min-w-0">
          {configError && (
            <div className="alert alert-warning rounded-0 mb-0 py-2 small" role="alert">
              {errorText(configError, 'site.configFailed')}
            </div>
          )}
          <main
            id={MAIN_ID}
            tabIndex={-1}
            className="container-fluid portico-main py-4 flex-grow-1"
          >
            <Outlet />
          </main>
          <footer className="border-top bg-body py-3 px-3 small text-muted text-center">
            <div>
              {inLanguage(config?.copyright ?? '', config?.copyright_en, lang) ||
                t('site.copyright', { year: new Date().getFullYear(), site: siteName })}
            </div>
            <div className="d-flex justify-content-center flex-wrap gap-3 mt-1">
              <Link to={paths.pricing}>{t('nav.pricing')}</Link>
              <Link to={paths.about}>{t('nav.about')}</Link>
              <Link to={paths.friends}>{t('nav.friends')}</Link>
              {config?.icp && (
                <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                  {config.icp}
                </a>
              )}
            </div>
          </footer>
        </div>
      </div>

      {notice === 'open' && config && (
        <Suspense fallback={null}>
          <HomeNotice
            notice={inLanguage(config.home_notice, config.home_notice_en, lang)}
            onClosed={noticeClosed}
          />
        </Suspense>
      )}
    </div>
  );
}
