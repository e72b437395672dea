import { Button, Card, Form } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import AdminTwoFactorCard from '../components/AdminTwoFactorCard';
import { ACCOUNT } from '../i18n/account';
import AdminSessionsCard from '../sessions/AdminSessionsCard';
import { usePasswordChange, type PasswordField } from './account/usePasswordChange';

const TEXTS = ACCOUNT.password;

/** 修改密码: the signed-in admin's own password; the server ends the admin's other sessions. */
export default function PasswordPage() {
  usePageTitle(TEXTS.title);
  const { values, notice, bad, changes, inputs, isLoading, onSubmit, edit, othersSignedOut } =
    usePasswordChange();

  const input = (field: PasswordField, label: string, autoComplete: string) => (
    <Form.Group className="mb-3" controlId={`password-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="password"
        autoComplete={autoComplete}
        value={values[field]}
        {...invalidMarks(bad === field && 'password-notice')}
        ref={(element: HTMLInputElement | null) => {
          inputs.current[field] = element;
        }}
        onChange={(e) => edit(field, e.target.value)}
      />
    </Form.Group>
  );

  return (
    <section>
      <h1 className="h3 mb-3">{TEXTS.title}</h1>
      <Card className="admin-narrow-card">
        <Card.Body>
          <NoticeBanner id="password-notice" notice={notice} />
          <Form noValidate onSubmit={(e) => void onSubmit(e)}>
            {input('old_password', TEXTS.current, 'current-password')}
            {input('new_password', TEXTS.new, 'new-password')}
            {input('confirm', TEXTS.confirm, 'new-password')}
            <Button type="submit" disabled={isLoading}>
              {isLoading ? TEXTS.submitting : TEXTS.submit}
            </Button>
          </Form>
        </Card.Body>
      </Card>
      <AdminTwoFactorCard onOthersSignedOut={othersSignedOut} />
      <AdminSessionsCard key={changes} />
    </section>
  );
}
