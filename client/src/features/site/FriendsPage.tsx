import type { FriendLink } from '@contracts/content';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { errorMessage } from '../../lib/api';
import { useGetFriendLinksQuery } from './api';

export const FRIENDS_ERROR = 'request to public friend link endpoint failed, try again later';

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
  usePageTitle('Friend links');
  const { data, error, isLoading } = useGetFriendLinksQuery();
  return (
    <>
      <h1 className="h3 mb-3">Friend links</h1>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <ErrorBanner
          messages={[
            'data' in error && error.data ? errorMessage(error, FRIENDS_ERROR) : FRIENDS_ERROR,
          ]}
        />
      ) : !data?.length ? (
        <p className="text-muted">no friend links yet</p>
      ) : (
        <ul className="list-unstyled row g-3" aria-label="Friend links">
          {data.map((link) => (
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
                  {link.description && (
                    <span className="d-block small text-muted">{link.description}</span>
                  )}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
