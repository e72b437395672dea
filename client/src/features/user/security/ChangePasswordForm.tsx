import { USER_PASSWORD_FIELDS } from '@contracts/sessions';
import { PASSWORD_LENGTH } from '@contracts/users';
import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useI18n, type UiKey } from '../../../i18n';
import { useChangePasswordMutation } from './api';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import { errorCode, refusedField } from '../../../lib/api';

type Field = 'current_password' | 'new_password' | 'confirm';

const FIELDS: { field: Field; label: UiKey; autoComplete: string }[] = [
  {
    field: 'current_password',
    label: 'security.currentPassword',
    autoComplete: 'current-password',
  },
  { field: 'new_password', label: 'security.newPassword', autoComplete: 'new-password' },
  { field: 'confirm', label: 'security.confirmPassword', autoComplete: 'new-password' },
];

const EMPTY: Record<Field, string> = { current_password: '', new_password: '', confirm: '' };

/** What a field the server refused as malformed asks for (its own rules have their codes). */
const MALFORMED: Record<(typeof USER_PASSWORD_FIELDS)[number], UiKey> = {
  current_password: 'security.enterCurrent',
  new_password: 'security.enterNew',
};

/** The user centre's password change: the server ends the user's other sessions. */
export default function ChangePasswordForm() {
  const { t, errorText, codeText } = useI18n();
  const [change, { isLoading }] = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const refuse = (field: Field, text: string) => {
    setErrors({ [field]: text });
    inputs.current[field]?.focus();
  };

  /** The first rule the form breaks, checked as the server would (register's length rule). */
  const check = (): [Field, string] | null => {
    for (const { field } of FIELDS) if (!values[field]) return [field, t('security.required')];
    const { new_password: password, confirm } = values;
    if (password.length < PASSWORD_LENGTH.min) {
      return ['new_password', codeText('users.password_too_short')];
    }
    if (password.length > PASSWORD_LENGTH.max) {
      return ['new_password', codeText('users.password_too_long')];
    }
    if (confirm !== password) return ['confirm', codeText('users.password_mismatch')];
    return null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const broken = check();
    if (broken) return refuse(...broken);
    setErrors({});
    const result = await change({
      current_password: values.current_password,
      new_password: values.new_password,
    });
    if ('error' in result) {
      const text = errorText(result.error, 'security.changeFailed', 'user.requestFailed');
      const field = refusedField(result.error, USER_PASSWORD_FIELDS);
      if (!field) return setNotice({ ok: false, text });
      const malformed = errorCode(result.error) === 'request.validation';
      return refuse(field, malformed ? t(MALFORMED[field], PASSWORD_LENGTH) : text);
    }
    setValues(EMPTY);
    setNotice({ ok: true, text: t('security.passwordChanged') });
  };

  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {t('security.passwordTitle')}
      </Card.Header>
      <Card.Body>
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        <Form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          // Password fields wider than this only make the form harder to read on a desktop.
          style={{ maxWidth: '28rem' }}
        >
          {FIELDS.map(({ field, label, autoComplete }) => (
            <Form.Group className="mb-3" controlId={`security-${field}`} key={field}>
              <Form.Label>{t(label)}</Form.Label>
              <Form.Control
                type="password"
                autoComplete={autoComplete}
                value={values[field]}
                {...invalidMarks(errors[field] !== undefined && `security-${field}-error`)}
                ref={(element: HTMLInputElement | null) => {
                  inputs.current[field] = element;
                }}
                onChange={(e) => {
                  const { value } = e.target;
                  setValues((current) => ({ ...current, [field]: value }));
                  if (errors[field]) setErrors({});
                }}
              />
              <Form.Control.Feedback type="invalid" id={`security-${field}-error`}>
                {errors[field]}
              </Form.Control.Feedback>
            </Form.Group>
          ))}
          <Button type="submit" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {isLoading ? t('security.changing') : t('security.changePassword')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
