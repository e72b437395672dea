import type { SidebarLink } from '@contracts/content';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import LogoutLink from '../../features/auth/LogoutLink';
import { selectUser } from '../authSlice';
import { useAppSelector } from '../store';
import { useSignedIn } from '../useSignedIn';
import { useGetSidebarLinksQuery } from '../../features/site/api';
import { useI18n } from '../../i18n';
import { inLanguage } from '../../lib/inLanguage';
import { classifySidebarLink } from '../../lib/sidebar-links';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `nav-link portico-side-link${isActive ? ' active' : ''}`;

function ServerLink({ link }: { link: SidebarLink }) {
  const { lang } = useI18n();
  const entry = classifySidebarLink(link);
  const label = inLanguage(link.title, link.title_en, lang);
  const title = inLanguage(link.description, link.description_en, lang) || undefined;
  switch (entry.kind) {
    case 'internal':
      return (
        <NavLink to={entry.to} className={itemClass} title={title}>
          {label}
        </NavLink>
      );
    case 'document':
      return (
        <a href={entry.href} className="nav-link portico-side-link" title={title}>
          {label}
        </a>
      );
    case 'external':
      return (
        <a
          href={entry.href}
          className="nav-link portico-side-link"
          title={title}
          {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {label}
          {entry.newTab && (
            <span className="ms-1 small" aria-hidden="true">
              ↗
            </span>
          )}
        </a>
      );
    default:
      return (
        <span className="nav-link portico-side-link disabled" aria-disabled="true" title={title}>
          {label}
        </span>
      );
  }
}

function ServerLinks() {
  const { t, errorText } = useI18n();
  const { data, error, isLoading } = useGetSidebarLinksQuery();
  if (isLoading) return <p className="small text-muted px-3 mb-1">{t('nav.linksLoading')}</p>;
  if (error) {
    return (
      <p className="small text-danger px-3 mb-1" role="alert">
        {errorText(error, 'nav.linksFailed', 'nav.checkNetwork')}
      </p>
    );
  }
  if (!data?.length) return null;
  return (
    <>
      <hr className="my-2" />
      {data.map((link) => (
        <ServerLink key={link.id} link={link} />
      ))}
    </>
  );
}

/** The sidebar's entries; `onNavigate` closes the mobile drawer after a click. */
export default function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const isLoggedIn = useSignedIn();
  const { username } = useAppSelector(selectUser);
  const { t } = useI18n();
  return (
    // Any link click inside closes the drawer on small screens.
    <nav aria-label={t('site.sidebar')} className="nav flex-column" onClick={onNavigate}>
      <NavLink to={paths.home} end className={itemClass}>
        {t('nav.home')}
      </NavLink>
      <NavLink to={paths.friends} className={itemClass}>
        {t('nav.friends')}
      </NavLink>
      <NavLink to={paths.about} className={itemClass}>
        {t('nav.about')}
      </NavLink>
      <ServerLinks />
      <hr className="my-2" />
      {isLoggedIn ? (
        <>
          {/* The header's welcome line, which a phone's header has no room for. */}
          <span className="nav-link portico-side-link text-body-secondary small d-sm-none">
            {t('site.welcome', { name: username ?? '' })}
          </span>
          <NavLink to={paths.userDashboard} className={itemClass}>
            {t('nav.dashboard')}
          </NavLink>
          <NavLink to={paths.userAccessLogs} className={itemClass}>
            {t('nav.accessLogs')}
          </NavLink>
          <NavLink to={paths.userRecharge} className={itemClass}>
            {t('nav.recharge')}
          </NavLink>
          <NavLink to={paths.userInvite} className={itemClass}>
            {t('nav.invite')}
          </NavLink>
          <LogoutLink className="nav-link portico-side-link btn btn-link text-start" />
        </>
      ) : (
        <>
          <Link to={paths.login} className="nav-link portico-side-link">
            {t('nav.login')}
          </Link>
          <Link to={paths.register} className="nav-link portico-side-link">
            {t('nav.register')}
          </Link>
        </>
      )}
    </nav>
  );
}
