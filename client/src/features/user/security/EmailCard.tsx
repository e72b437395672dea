import { CHANGE_EMAIL_FIELDS, isEmailAddress, normalizeEmail } from '@contracts/account-email';
import { useState } from 'react';
import { Alert, Card, Form } from 'react-bootstrap';
import { useMailEnabled } from '../../../app/useMailEnabled';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { useI18n } from '../../../i18n';
import { useChangeEmailMutation, useGetEmailQuery, useSetSignInNoticeMutation } from './api';
import FieldsForm, { PASSWORD, useFieldRefusal, type FieldSpec, type Refusal } from './FieldsForm';
import { errorCode } from '../../../lib/api';

const EMAIL: FieldSpec = {
  field: 'email',
  label: 'email.newAddress',
  type: 'email',
  autoComplete: 'email',
};

/**
 * The user centre's e-mail address: the confirmed one (where reset links go) with the switch for
 * new-browser sign-in notices, the one waiting for its link to be followed, and a form to add or
 * change it with the current password.
 */
export default function EmailCard() {
  const { t, errorText, codeText } = useI18n();
  const fieldRefusal = useFieldRefusal();
  const { data: view, isError } = useGetEmailQuery();
  const mailOff = useMailEnabled() === false;
  const [change] = useChangeEmailMutation();
  const [setSignInNotice, signInNotice] = useSetSignInNoticeMutation();
  const [notice, setNotice] = useState<Notice | null>(null);

  const submit = async (values: { email: string; current_password: string }): Promise<Refusal> => {
    setNotice(null);
    const email = normalizeEmail(values.email);
    if (!isEmailAddress(email)) return { field: 'email', text: codeText('users.email_invalid') };
    const result = await change({ email, current_password: values.current_password });
    if ('error' in result) {
      const text = errorText(result.error, 'email.failed', 'user.requestFailed');
      const refused =
        fieldRefusal(result.error, CHANGE_EMAIL_FIELDS, text) ??
        (errorCode(result.error) === 'users.email_taken' ? { field: 'email', text } : null);
      if (!refused) setNotice({ ok: false, text });
      return refused;
    }
    setNotice({ ok: true, text: t('email.sent', { email }) });
    return null;
  };

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('email.title')}
      </Card.Header>
      <Card.Body>
        {isError && <Alert variant="danger">{t('email.loadFailed')}</Alert>}
        {/* Where no address can be added, "add one" would be no advice at all. */}
        {view && !(mailOff && !view.email) && (
          <p className="text-break">
            {view.email ? t('email.current', { email: view.email }) : t('email.none')}
          </p>
        )}
        {view?.email && !mailOff && (
          <Form.Check
            type="switch"
            id="sign-in-notice"
            className="mb-3"
            label={t('email.newSignIn')}
            checked={view.notify_new_sign_in}
            disabled={signInNotice.isLoading}
            onChange={(e) => {
              setNotice(null);
              void setSignInNotice({ enabled: e.target.checked }).then((result) => {
                if ('error' in result) {
                  setNotice({
                    ok: false,
                    text: errorText(result.error, 'email.failed', 'user.requestFailed'),
                  });
                }
              });
            }}
          />
        )}
        {view?.pending_email && (
          <Alert variant="info" className="text-break">
            {t('email.pending', { email: view.pending_email })}
          </Alert>
        )}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {mailOff ? (
          <p className="text-body-secondary mb-0">{t('email.mailOff')}</p>
        ) : (
          <FieldsForm
            id="email"
            fields={[EMAIL, PASSWORD]}
            submitLabel="email.send"
            busyLabel="email.sending"
            onSubmit={submit}
          />
        )}
      </Card.Body>
    </Card>
  );
}
