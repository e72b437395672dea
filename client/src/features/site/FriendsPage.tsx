import type { FriendLink } from '@contracts/content';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useI18n } from '../../i18n';
import { inLanguage } from '../../lib/inLanguage';
import { useGetFriendLinksQuery } from './api';

function Avatar({ link }: { link: FriendLink }) {
  if (link.avatar_url) {
    return <img src={link.avatar_url} alt="" className="portico-avatar" loading="lazy" />;
  }
  return (
    <span className="portico-avatar portico-avatar-letter" aria-hidden="true">
      {link.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export default function FriendsPage() {
  const { t, errorText, lang } = useI18n();
  usePageTitle(t('friends.title'));
  const { data, error, isLoading } = useGetFriendLinksQuery();
  return (
    <>
      <h1 className="h3 mb-3">{t('friends.title')}</h1>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <ErrorBanner messages={[errorText(error, 'friends.failed')]} />
      ) : !data?.length ? (
        <p className="text-muted">{t('friends.empty')}</p>
      ) : (
        <ul className="list-unstyled row g-3" aria-label={t('friends.title')}>
          {data.map((link) => {
            const description = inLanguage(link.description, link.description_en, lang);
            return (
              <li key={link.id} className="col-12 col-sm-6 col-lg-4 col-xxl-3">
                <a
                  href={link.link_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="card h-100 text-decoration-none text-body p-3 d-flex flex-row gap-3 align-items-center portico-friend"
                >
                  <Avatar link={link} />
                  <span className="min-w-0">
                    <span className="d-block fw-semibold text-truncate">{link.name}</span>
                    {description && <span className="d-block small text-muted">{description}</span>}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
