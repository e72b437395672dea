import { isEmailAddress, normalizeEmail } from '@contracts/account-email';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { useI18n, type UiKey } from '../../../i18n';
import { useMailEnabled } from '../../../app/useMailEnabled';
import { useChangeEmailMutation, useGetEmailQuery } from './api';

type Field = 'email' | 'current_password';

const FIELDS: { field: Field; label: UiKey; type: string; autoComplete: string }[] = [
  { field: 'email', label: 'email.newAddress', type: 'email', autoComplete: 'email' },
  {
    field: 'current_password',
    label: 'security.currentPassword',
    type: 'password',
    autoComplete: 'current-password',
  },
];

const EMPTY: Record<Field, string> = { email: '', current_password: '' };

const isField = (value: unknown): value is Field =>
  value === 'email' || value === 'current_password';

/**
 * The user centre's e-mail address: the confirmed one (where reset links go), the one waiting for
 * its link to be followed, and a form to add or change it with the current password.
 */
export default function EmailCard() {
  const { t, errorText, codeText } = useI18n();
  const { data: view, isError } = useGetEmailQuery();
  const mailOff = useMailEnabled() === false;
  const [change, { isLoading }] = useChangeEmailMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const refuse = (field: Field, text: string) => {
    setErrors({ [field]: text });
    inputs.current[field]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const email = normalizeEmail(values.email);
    if (!email) return refuse('email', t('security.required'));
    if (!isEmailAddress(email)) return refuse('email', codeText('users.email_invalid'));
    if (!values.current_password) return refuse('current_password', t('security.required'));
    setErrors({});
    const result = await change({ email, current_password: values.current_password });
    if ('error' in result) {
      const text = errorText(result.error, 'email.failed', 'user.requestFailed');
      const field = (result.error as { data?: { field?: unknown } }).data?.field;
      const code = (result.error as { data?: { code?: unknown } }).data?.code;
      if (isField(field)) return refuse(field, text);
      if (code === 'users.email_taken') return refuse('email', text);
      return setNotice({ ok: false, text });
    }
    setValues(EMPTY);
    setNotice({ ok: true, text: t('email.sent', { email }) });
  };

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('email.title')}
      </Card.Header>
      <Card.Body>
        {isError && <Alert variant="danger">{t('email.loadFailed')}</Alert>}
        {view && (
          <p className="text-break">
            {view.email ? t('email.current', { email: view.email }) : t('email.none')}
          </p>
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
          <Form noValidate onSubmit={(e) => void submit(e)} style={{ maxWidth: '28rem' }}>
            {FIELDS.map(({ field, label, type, autoComplete }) => (
              <Form.Group className="mb-3" controlId={`email-${field}`} key={field}>
                <Form.Label>{t(label)}</Form.Label>
                <Form.Control
                  type={type}
                  autoComplete={autoComplete}
                  value={values[field]}
                  isInvalid={errors[field] !== undefined}
                  aria-invalid={errors[field] !== undefined || undefined}
                  aria-describedby={errors[field] ? `email-${field}-error` : undefined}
                  ref={(element: HTMLInputElement | null) => {
                    inputs.current[field] = element;
                  }}
                  onChange={(e) => {
                    setValues((current) => ({ ...current, [field]: e.target.value }));
                    if (errors[field]) setErrors({});
                  }}
                />
                <Form.Control.Feedback type="invalid" id={`email-${field}-error`}>
                  {errors[field]}
                </Form.Control.Feedback>
              </Form.Group>
            ))}
            <Button type="submit" disabled={isLoading}>
              {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {isLoading ? t('email.sending') : t('email.send')}
            </Button>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
