import { RESET_PASSWORD_FIELDS } from '@contracts/account-email';
import { PASSWORD_LENGTH } from '@contracts/users';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { loggedOut } from '../../app/authSlice';
import { useAppDispatch } from '../../app/store';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n, type UiKey } from '../../i18n';
import { errorCode, refusedField } from '../../lib/api';
import { useCheckResetTokenQuery, useResetPasswordMutation } from './api';
import { useLinkToken } from './useLinkToken';
import { invalidMarks } from '../../components/ui/invalidMarks';

type Field = Exclude<(typeof RESET_PASSWORD_FIELDS)[number], 'token'>;

const FIELDS: { field: Field; label: UiKey }[] = [
  { field: 'new_password', label: 'security.newPassword' },
  { field: 'confirm_password', label: 'security.confirmPassword' },
];

/** The page a reset link opens: names the account, then takes the new password once. */
export default function ResetPasswordPage() {
  const { t, errorText, codeText } = useI18n();
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const token = useLinkToken();
  const check = useCheckResetTokenQuery(token ?? '', { skip: !token });
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    new_password: '',
    confirm_password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // A refusal of the link itself, for the token it was about (a new link on this page clears it).
  const [linkError, setLinkError] = useState<{ token: string; text: string } | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const refuse = (field: Field, text: string) => {
    setErrors({ [field]: text });
    inputs.current[field]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { new_password: password, confirm_password: confirm } = values;
    if (!password) return refuse('new_password', t('reset.required'));
    if (password.length < PASSWORD_LENGTH.min) {
      return refuse('new_password', codeText('users.password_too_short'));
    }
    if (password.length > PASSWORD_LENGTH.max) {
      return refuse('new_password', codeText('users.password_too_long'));
    }
    if (confirm !== password)
      return refuse('confirm_password', codeText('users.password_mismatch'));
    setErrors({});
    try {
      await reset({ token: token!, new_password: password, confirm_password: confirm }).unwrap();
      // Every session of the account has ended, this browser's included.
      dispatch(loggedOut());
      void navigate(paths.login, { replace: true, state: { notice: t('reset.done') } });
    } catch (e) {
      const field = refusedField(e, RESET_PASSWORD_FIELDS);
      const text = errorText(e, 'reset.failed', 'reset.requestFailed');
      if (field && field !== 'token') {
        // A field refused as malformed is asked for again in the words the form checks it with.
        const malformed = errorCode(e) === 'request.validation';
        if (!malformed) return refuse(field, text);
        return refuse(
          field,
          field === 'new_password'
            ? t('security.enterNew', PASSWORD_LENGTH)
            : t('reset.enterConfirm'),
        );
      }
      // A token the server cannot read is a link that does not work, whatever the rule it broke.
      setLinkError({
        token: token!,
        text: field === 'token' ? codeText('auth.reset_token_invalid') : text,
      });
    }
  };

  const invalid =
    (linkError && linkError.token === token ? linkError.text : null) ??
    (token === null
      ? codeText('auth.reset_token_invalid')
      : check.isError
        ? errorText(check.error, 'reset.failed', 'reset.requestFailed')
        : null);

  return (
    <Card className="mx-auto" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{t('reset.title')}</h1>
        {invalid ? (
          <>
            <Alert variant="danger" role="alert">
              {invalid}
            </Alert>
            <p className="mb-0 text-center">
              <Link to={paths.forgotPassword}>{t('reset.askAgain')}</Link>
            </p>
          </>
        ) : !check.data ? (
          <div className="text-body-secondary" role="status">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            {t('reset.checking')}
          </div>
        ) : (
          <>
            <p className="text-body-secondary">{t('reset.for', { name: check.data.username })}</p>
            <Form noValidate onSubmit={(e) => void submit(e)}>
              {/* Password managers file the new password under this account. */}
              <input
                type="text"
                name="username"
                autoComplete="username"
                value={check.data.username}
                readOnly
                hidden
              />
              {FIELDS.map(({ field, label }) => (
                <Form.Group className="mb-3" controlId={`reset-${field}`} key={field}>
                  <Form.Label>{t(label)}</Form.Label>
                  <Form.Control
                    type="password"
                    autoComplete="new-password"
                    value={values[field]}
                    {...invalidMarks(
                      errors[field] !== undefined && `reset-${field}-error`,
                      field === 'new_password' && 'reset-new_password-help',
                    )}
                    ref={(element: HTMLInputElement | null) => {
                      inputs.current[field] = element;
                    }}
                    onChange={(e) => {
                      const { value } = e.target;
                      setValues((current) => ({ ...current, [field]: value }));
                      if (errors[field]) setErrors({});
                    }}
                  />
                  {field === 'new_password' && (
                    <Form.Text id="reset-new_password-help">{t('auth.passwordHint')}</Form.Text>
                  )}
                  <Form.Control.Feedback type="invalid" id={`reset-${field}-error`}>
                    {errors[field]}
                  </Form.Control.Feedback>
                </Form.Group>
              ))}
              <Button type="submit" className="w-100" disabled={isLoading}>
                {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {isLoading ? t('reset.saving') : t('reset.submit')}
              </Button>
            </Form>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
