import { Button, Card, Spinner } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import SessionList from '../../../components/ui/SessionList';
import { adminErrorText, formatTime } from '../errors';
import { ACCOUNT } from '../i18n/account';
import { useAdminSessions } from './useAdminSessions';

const TEXTS = ACCOUNT.sessions;

/** The admin's own signed-in sessions (the back office's password page). */
export default function AdminSessionsCard() {
  const { sessions, error, notice, signingOutOthers, ...card } = useAdminSessions();
  const hasOthers = sessions?.some((session) => !session.current) ?? false;

  return (
    <Card className="admin-narrow-card mt-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {TEXTS.title}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{TEXTS.help}</p>
        <NoticeBanner notice={notice} onClose={() => card.setNotice(null)} />
        {card.isLoading && <Loading />}
        {error && <ErrorBanner messages={[adminErrorText(error, { failed: TEXTS.loadFailed })]} />}
        {sessions && (
          <>
            <SessionList
              sessions={sessions}
              time={formatTime}
              pendingId={card.pendingId}
              onSignOut={(session) => void card.signOut(session)}
              texts={TEXTS.list}
            />
            {hasOthers ? (
              <Button
                variant="outline-danger"
                disabled={signingOutOthers}
                onClick={() => void card.signOutOthers()}
              >
                {signingOutOthers && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {TEXTS.signOutOthers}
              </Button>
            ) : (
              <p className="small text-body-secondary mb-0">{TEXTS.noOthers}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
