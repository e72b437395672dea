import type { SessionInfo } from '@contracts/sessions';
import { useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import SessionList from '../../../components/ui/SessionList';
import { adminErrorText, formatTime, outcomeNotice, type Notice } from '../errors';
import {
  useGetAdminSessionsQuery,
  useRevokeAdminSessionMutation,
  useRevokeOtherAdminSessionsMutation,
} from './api';

export const SESSION_TEXTS = {
  title: '登录设备',
  help: '管理员账号当前的登录会话。如有不认识的登录，请将其退出并修改密码。',
  thisDevice: '本设备',
  unknownDevice: '未知设备',
  signOut: '退出',
  signOutOthers: '退出其他所有设备',
  signedOut: '该会话已退出。',
  noOthers: '没有其他设备登录此管理员账号。',
  loadFailed: '加载登录设备失败',
  failed: '退出失败',
} as const;

/** The admin's own signed-in sessions (the back office's password page). */
export default function AdminSessionsCard() {
  const {
    data: sessions,
    error,
    isLoading,
  } = useGetAdminSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [revoke] = useRevokeAdminSessionMutation();
  const [revokeOthers, others] = useRevokeOtherAdminSessionsMutation();
  const [pendingId, setPendingId] = useState<string>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const texts = { failed: SESSION_TEXTS.failed };

  const signOut = async (session: SessionInfo) => {
    setPendingId(session.id);
    const result = await revoke({ id: session.id });
    setPendingId(undefined);
    setNotice(outcomeNotice(result, texts, SESSION_TEXTS.signedOut));
  };

  const signOutOthers = async () => {
    const result = await revokeOthers();
    setNotice(
      outcomeNotice(
        result,
        texts,
        'data' in result ? `已退出其他 ${result.data} 个会话。` : SESSION_TEXTS.signedOut,
      ),
    );
  };

  const hasOthers = sessions?.some((session) => !session.current) ?? false;
  return (
    <Card className="admin-narrow-card mt-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {SESSION_TEXTS.title}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{SESSION_TEXTS.help}</p>
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {isLoading && <Loading />}
        {error && (
          <ErrorBanner messages={[adminErrorText(error, { failed: SESSION_TEXTS.loadFailed })]} />
        )}
        {sessions && (
          <>
            <SessionList
              sessions={sessions}
              time={formatTime}
              pendingId={pendingId}
              onSignOut={(session) => void signOut(session)}
              texts={{
                thisDevice: SESSION_TEXTS.thisDevice,
                unknownDevice: SESSION_TEXTS.unknownDevice,
                lastSeen: (at) => `最近活动 ${at}`,
                signedInAt: (at) => `登录于 ${at}`,
                signOut: SESSION_TEXTS.signOut,
              }}
            />
            {hasOthers ? (
              <Button
                variant="outline-danger"
                disabled={others.isLoading}
                onClick={() => void signOutOthers()}
              >
                {others.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {SESSION_TEXTS.signOutOthers}
              </Button>
            ) : (
              <p className="small text-body-secondary mb-0">{SESSION_TEXTS.noOthers}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
