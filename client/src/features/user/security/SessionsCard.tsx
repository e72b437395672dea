import type { SessionInfo } from '@contracts/sessions';
import { useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import SessionList from '../../../components/ui/SessionList';
import { useI18n } from '../../../i18n';
import {
  useGetSessionsQuery,
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
} from './api';

/** The user's signed-in sessions, with sign-out per session and everywhere else. */
export default function SessionsCard() {
  const { t, errorText, time } = useI18n();
  const {
    data: sessions,
    error,
    isLoading,
  } = useGetSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [revoke] = useRevokeSessionMutation();
  const [revokeOthers, others] = useRevokeOtherSessionsMutation();
  const [pendingId, setPendingId] = useState<string>();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const signOut = async (session: SessionInfo) => {
    setPendingId(session.id);
    const result = await revoke({ id: session.id });
    setPendingId(undefined);
    setNotice(
      'error' in result
        ? {
            ok: false,
            text: errorText(result.error, 'security.signOutFailed', 'user.requestFailed'),
          }
        : { ok: true, text: t('security.signedOut') },
    );
  };

  const signOutOthers = async () => {
    const result = await revokeOthers();
    setNotice(
      'error' in result
        ? {
            ok: false,
            text: errorText(result.error, 'security.signOutFailed', 'user.requestFailed'),
          }
        : { ok: true, text: t('security.signedOutOthers', { count: result.data }) },
    );
  };

  const hasOthers = sessions?.some((session) => !session.current) ?? false;
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('security.sessionsTitle')}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{t('security.sessionsHelp')}</p>
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {isLoading && <Loading />}
        {error && (
          <ErrorBanner
            messages={[errorText(error, 'security.sessionsFailed', 'user.requestFailed')]}
          />
        )}
        {sessions && (
          <>
            <SessionList
              sessions={sessions}
              time={time}
              pendingId={pendingId}
              onSignOut={(session) => void signOut(session)}
              texts={{
                thisDevice: t('security.thisDevice'),
                unknownDevice: t('security.unknownDevice'),
                lastSeen: (at) => t('security.lastSeen', { time: at }),
                signedInAt: (at) => t('security.signedInAt', { time: at }),
                signOut: t('security.signOut'),
              }}
            />
            {hasOthers ? (
              <Button
                variant="outline-danger"
                disabled={others.isLoading}
                onClick={() => void signOutOthers()}
              >
                {others.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {t('security.signOutOthers')}
              </Button>
            ) : (
              <p className="small text-body-secondary mb-0">{t('security.noOthers')}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
