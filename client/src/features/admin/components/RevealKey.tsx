import type { RevealedUserKey, RevealUserKeyBody } from '@contracts/api-keys';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { api, call, dataOf } from '../../../lib/api';
import { adminErrorText } from '../errors';
import { USERS } from '../i18n/users';

const revealApi = api.injectEndpoints({
  endpoints: (build) => ({
    revealUserApiKey: build.mutation<RevealedUserKey, number>({
      ...call(
        'POST api/admin/reveal_user_api_key.php',
        (userId: number) => ({ body: { user_id: userId } satisfies RevealUserKeyBody }),
        dataOf,
      ),
    }),
  }),
});

const { useRevealUserApiKeyMutation } = revealApi;

/**
 * The user list's API key cell: the default key's hint, and on request the whole key (SPEC §2).
 * Every reveal is a call the server records in 操作日志; hiding it again needs no call.
 */
export default function RevealKey({ userId, hint }: { userId: number; hint: string }) {
  const [reveal, state] = useRevealUserApiKeyMutation();
  const [shown, setShown] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const show = async () => {
    setFailure(null);
    try {
      const { api_key: key } = await reveal(userId).unwrap();
      if (key) setShown(key);
      else setFailure(USERS.key.unrecoverable);
    } catch (e) {
      setFailure(adminErrorText(e, { failed: USERS.key.failed, notFound: USERS.key.notFound }));
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-1">
      <code className="text-break" data-testid={`user-key-${userId}`}>
        {shown ?? hint}
      </code>
      {shown ? (
        <Button size="sm" variant="link" className="p-0" onClick={() => setShown(null)}>
          {USERS.key.hide}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline-secondary"
          className="py-0"
          title={USERS.key.showTitle}
          disabled={state.isLoading}
          onClick={() => void show()}
        >
          {USERS.key.show}
        </Button>
      )}
      {failure && <div className="small text-danger w-100">{failure}</div>}
    </div>
  );
}
