import type { RevealedUserKey, RevealUserKeyBody } from '@contracts/api-keys';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { api, call, dataOf } from '../../../lib/api';
import { adminErrorText } from '../errors';

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
      else setFailure('无法还原该密钥（APP_SECRET 已更改），请让用户更换密钥');
    } catch (e) {
      setFailure(adminErrorText(e, { failed: '显示密钥失败', notFound: '用户不存在' }));
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-1">
      <code className="text-break" data-testid={`user-key-${userId}`}>
        {shown ?? hint}
      </code>
      {shown ? (
        <Button size="sm" variant="link" className="p-0" onClick={() => setShown(null)}>
          隐藏
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline-secondary"
          className="py-0"
          title="显示完整密钥（每次查看都会记录在操作日志中）"
          disabled={state.isLoading}
          onClick={() => void show()}
        >
          显示
        </Button>
      )}
      {failure && <div className="small text-danger w-100">{failure}</div>}
    </div>
  );
}
