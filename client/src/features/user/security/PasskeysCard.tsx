import { PASSKEY_OPTIONS_FIELDS } from '@contracts/passkeys';
import type { PasskeyView } from '@contracts/passkeys';
import { useState } from 'react';
import { Alert, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { useI18n } from '../../../i18n';
import { malformedField } from '../../../lib/api';
import { createPasskey, passkeysSupported } from '../../../lib/passkeys';
import { useHydrated } from '../../../lib/ssr';
import FieldsForm, { useFieldRefusal, PASSWORD, type Refusal } from './FieldsForm';
import {
  useAddPasskeyMutation,
  useDeletePasskeyMutation,
  useGetPasskeysQuery,
  usePasskeyRegisterOptionsMutation,
} from './api';

/**
 * The user centre's passkeys: the list (name, when added and last used) with Remove, and "Add a
 * passkey": the password again, then the device's own prompt. The passkey is named after the
 * device it was made on.
 */
export default function PasskeysCard() {
  const { t, errorText, codeText, time } = useI18n();
  const fieldRefusal = useFieldRefusal();
  const hydrated = useHydrated();
  const { data, isError } = useGetPasskeysQuery();
  const [options] = usePasskeyRegisterOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const [remove] = useDeletePasskeyMutation();
  const [adding, setAdding] = useState(false);
  const [pendingId, setPendingId] = useState<number>();
  const [notice, setNotice] = useState<Notice | null>(null);

  const failure = (error: unknown) => errorText(error, 'passkeys.failed', 'user.requestFailed');

  const addPasskey = async (password: string): Promise<Refusal> => {
    setNotice(null);
    const asked = await options({ current_password: password });
    if ('error' in asked) {
      const refused = fieldRefusal(asked.error, PASSKEY_OPTIONS_FIELDS, failure(asked.error));
      if (!refused) setNotice({ ok: false, text: failure(asked.error) });
      return refused;
    }
    const made = await createPasskey(asked.data);
    if (!made.ok) {
      setNotice({ ok: false, text: t(`passkeys.${made.reason}`) });
      return null;
    }
    const saved = await add({ credential: made.credential });
    // The credential is the browser's answer, not a field the user typed: refused as malformed,
    // it is a passkey that could not be verified.
    if ('error' in saved) {
      setNotice({
        ok: false,
        text: malformedField(saved.error) ? codeText('passkeys.invalid') : failure(saved.error),
      });
    } else {
      setAdding(false);
      setNotice({ ok: true, text: t('passkeys.added') });
    }
    return null;
  };

  const removePasskey = async (passkey: PasskeyView) => {
    setPendingId(passkey.id);
    const result = await remove({ id: passkey.id });
    setPendingId(undefined);
    setNotice(
      'error' in result
        ? { ok: false, text: failure(result.error) }
        : { ok: true, text: t('passkeys.removed') },
    );
  };

  const full = data !== undefined && data.passkeys.length >= data.max_passkeys;
  let action;
  if (!hydrated) action = null;
  else if (!passkeysSupported()) {
    action = <p className="small text-body-secondary mb-0">{t('passkeys.unsupported')}</p>;
  } else if (full) {
    action = (
      <p className="small text-body-secondary mb-0">
        {t('passkeys.limit', { count: data.max_passkeys })}
      </p>
    );
  } else if (adding) {
    action = (
      <FieldsForm
        id="passkey-add"
        fields={[PASSWORD]}
        submitLabel="passkeys.add"
        busyLabel="passkeys.adding"
        onCancel={() => setAdding(false)}
        onSubmit={({ current_password }) => addPasskey(current_password)}
      />
    );
  } else if (data) {
    action = (
      <Button
        variant="outline-primary"
        onClick={() => {
          setNotice(null);
          setAdding(true);
        }}
      >
        {t('passkeys.add')}
      </Button>
    );
  }

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('passkeys.title')}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">{t('passkeys.intro')}</p>
        {isError && <Alert variant="danger">{t('passkeys.loadFailed')}</Alert>}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {data &&
          (data.passkeys.length === 0 ? (
            <p>{t('passkeys.none')}</p>
          ) : (
            <ListGroup className="mb-3" data-testid="passkeys">
              {data.passkeys.map((passkey) => (
                <ListGroup.Item key={passkey.id} className="d-flex align-items-center gap-3">
                  <div className="flex-grow-1 min-w-0">
                    <div className="fw-semibold text-break">{passkey.name}</div>
                    <div className="small text-body-secondary">
                      {[
                        t('passkeys.addedAt', { time: time(passkey.created_at) }),
                        passkey.last_used_at
                          ? t('passkeys.lastUsed', { time: time(passkey.last_used_at) })
                          : t('passkeys.neverUsed'),
                      ].join(' · ')}
                    </div>
                  </div>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="flex-shrink-0"
                    disabled={pendingId !== undefined}
                    aria-label={`${t('passkeys.remove')}: ${passkey.name}`}
                    onClick={() => void removePasskey(passkey)}
                  >
                    {pendingId === passkey.id && (
                      <Spinner size="sm" className="me-1" aria-hidden="true" />
                    )}
                    {t('passkeys.remove')}
                  </Button>
                </ListGroup.Item>
              ))}
            </ListGroup>
          ))}
        {action}
      </Card.Body>
    </Card>
  );
}
