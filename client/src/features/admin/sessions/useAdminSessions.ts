import type { SessionInfo } from '@contracts/sessions';
import { useState } from 'react';
import { outcomeNotice, type Notice } from '../errors';
import { ACCOUNT } from '../i18n/account';
import {
  useGetAdminSessionsQuery,
  useRevokeAdminSessionMutation,
  useRevokeOtherAdminSessionsMutation,
} from './api';

const TEXTS = ACCOUNT.sessions;

/** The admin's own sessions, read afresh on every mount, and signing one or the others out. */
export function useAdminSessions() {
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
  const texts = { failed: TEXTS.failed };

  const signOut = async (session: SessionInfo) => {
    setPendingId(session.id);
    const result = await revoke({ id: session.id });
    setPendingId(undefined);
    setNotice(outcomeNotice(result, texts, TEXTS.signedOut));
  };

  const signOutOthers = async () => {
    const result = await revokeOthers();
    setNotice(
      outcomeNotice(
        result,
        texts,
        'error' in result ? TEXTS.signedOut : TEXTS.signedOutOthers(result.data),
      ),
    );
  };

  return {
    sessions,
    error,
    isLoading,
    pendingId,
    notice,
    setNotice,
    signOut,
    signOutOthers,
    signingOutOthers: others.isLoading,
  };
}
