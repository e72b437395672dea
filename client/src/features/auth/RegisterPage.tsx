import { isEmailAddress, normalizeEmail } from '@contracts/account-email';
import type { ErrorCode } from '@contracts/errors';
import { inviteCodeOf } from '@contracts/referrals';
import {
  REGISTER_CODE_FIELDS,
  REGISTER_FIELDS,
  registrationError,
  type RegisterField,
} from '@contracts/users';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { useEmailRequired, useMailEnabled } from '../../app/useMailEnabled';
import { useOidcProvidersQuery, useRegisterMutation } from './api';
import OrDivider from './OrDivider';
import ProviderButtons from './ProviderButtons';
import { loggedIn } from '../../app/authSlice';
import { useAppDispatch } from '../../app/store';
import { markWelcome } from '../../app/welcome';
import { invalidMarks } from '../../components/ui/invalidMarks';
import { errorCode, refusedField } from '../../lib/api';
import { useHydrated } from '../../lib/ssr';

type Errors = Partial<Record<RegisterField, string>>;
const controlId = (field: RegisterField) => `register-${field}`;

export default function RegisterPage() {
  const { t, errorText, codeText } = useI18n();
  usePageTitle(t('auth.registerTitle'));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useRegisterMutation();
  const providers = useOidcProvidersQuery();
  // Read from the address, so it stays for every try until the account is made.
  const [params] = useSearchParams();
  // The invite code of the link the visitor came by; '' for none or one no inviter can have.
  const invite = inviteCodeOf(params.get('invite')) ?? '';
  // The stored page is rendered once for every ?invite= (its key is the path): the note that the
  // visitor was invited shows once the page matches the server's markup, last in the card, so
  // that nothing above it moves when it appears.
  const hydrated = useHydrated();
  const [values, setValues] = useState<Record<RegisterField, string>>({
    username: '',
    password: '',
    confirm_password: '',
    email: '',
  });
  // Each refusal is said at its field; a refusal of none (network, rate limit) above the form.
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  // An address is asked for only where the site can mail it a confirmation link, and required
  // when the admin turned e-mail verification on.
  const askEmail = useMailEnabled() === true;
  const needEmail = useEmailRequired() === true;
  useEffect(() => {
    const first = REGISTER_FIELDS.find((field) => errors[field] !== undefined);
    if (first) document.getElementById(controlId(first))?.focus();
  }, [errors]);

  /** The fields a refusal is about: its own, else the empty ones for `users.fields_empty`. */
  const fieldsOf = (code: ErrorCode | undefined, named?: RegisterField): RegisterField[] => {
    if (named) return [named];
    const field = code && REGISTER_CODE_FIELDS[code];
    if (field) return [field];
    if (code !== 'users.fields_empty') return [];
    return (['username', 'password', 'confirm_password'] as const).filter(
      (empty) => !values[empty].trim(),
    );
  };
  const refuse = (fields: RegisterField[], text: string) =>
    setErrors(Object.fromEntries(fields.map((field) => [field, text])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const name = values.username.trim();
    const invalid = registrationError({
      username: name,
      password: values.password,
      confirm_password: values.confirm_password,
    });
    const address = askEmail ? normalizeEmail(values.email) : '';
    const mailProblem: ErrorCode | null =
      needEmail && !address
        ? 'users.email_required'
        : address && !isEmailAddress(address)
          ? 'users.email_invalid'
          : null;
    const problem = invalid?.code ?? mailProblem;
    if (problem) return refuse(fieldsOf(problem), codeText(problem));
    setErrors({});
    try {
      const result = await register({
        username: name,
        password: values.password,
        ...(address && { email: address }),
        ...(invite && { invite }),
      }).unwrap();
      if (result.user_info) {
        // Signed in: the guest-only guard takes the new user on to the dashboard, which greets them.
        markWelcome(Boolean(address));
        dispatch(loggedIn(result.user_info));
        return;
      }
      void navigate(paths.login, { state: { notice: t('auth.registeredConfirm') } });
    } catch (e) {
      const text = errorText(e, 'auth.registerFailed', 'auth.registerRequestFailed');
      const fields = fieldsOf(errorCode(e), refusedField(e, REGISTER_FIELDS));
      if (fields.length) refuse(fields, text);
      else setError(text);
    }
  };

  /** A field's control: its value, its marks and its message, and its hint when it has one. */
  const field = (
    name: RegisterField,
    label: string,
    props: { type?: string; autoComplete: string },
    hint?: string,
  ) => (
    <Form.Group className="mb-3" controlId={controlId(name)}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...props}
        value={values[name]}
        {...invalidMarks(
          errors[name] !== undefined && `${controlId(name)}-error`,
          hint && `${controlId(name)}-hint`,
        )}
        onChange={(e) => {
          // Read now: a replayed early keystroke (lib/hydration) is undone once its event ends.
          const { value } = e.target;
          setValues((current) => ({ ...current, [name]: value }));
          if (errors[name] !== undefined)
            setErrors((current) => ({ ...current, [name]: undefined }));
        }}
      />
      <Form.Control.Feedback type="invalid" id={`${controlId(name)}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
      {hint && <Form.Text id={`${controlId(name)}-hint`}>{hint}</Form.Text>}
    </Form.Group>
  );

  return (
    <Card className="mx-auto" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">{t('auth.registerTitle')}</h1>
        {error && <Alert variant="danger">{error}</Alert>}
        <Form noValidate onSubmit={(e) => void submit(e)}>
          {field(
            'username',
            t('auth.username'),
            { autoComplete: 'username' },
            t('auth.usernameHint'),
          )}
          {field(
            'password',
            t('auth.password'),
            { type: 'password', autoComplete: 'new-password' },
            t('auth.passwordHint'),
          )}
          {field('confirm_password', t('auth.confirmPassword'), {
            type: 'password',
            autoComplete: 'new-password',
          })}
          {askEmail &&
            field(
              'email',
              t(needEmail ? 'auth.emailLabel' : 'auth.emailOptional'),
              { type: 'email', autoComplete: 'email' },
              t(needEmail ? 'auth.emailRequiredHint' : 'auth.emailHint'),
            )}
          <Button type="submit" className="w-100" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {isLoading ? t('auth.registering') : t('auth.registerTitle')}
          </Button>
        </Form>
        {providers.data?.length ? (
          <>
            <OrDivider />
            <div className="d-grid gap-2">
              <ProviderButtons returnTo={null} invite={invite} />
            </div>
          </>
        ) : null}
        <p className="mt-3 mb-0 text-center small">
          {t('auth.haveAccount')} <Link to={paths.login}>{t('nav.login')}</Link>
        </p>
        {invite && hydrated && (
          <p className="mt-2 mb-0 text-center small text-body-secondary">{t('auth.invited')}</p>
        )}
      </Card.Body>
    </Card>
  );
}
