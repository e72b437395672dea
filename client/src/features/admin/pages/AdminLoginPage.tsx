import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Navigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { ACCOUNT } from '../i18n/account';
import { ZH } from '../i18n/zh';
import { adminPaths } from '../paths';
import { isAdminLoggedIn } from '../session';
import { useAdminLogin } from './account/useAdminLogin';

const TEXTS = ACCOUNT.login;

/** 管理员登录: the username and password, then a two-factor code where the account has one. */
export default function AdminLoginPage() {
  usePageTitle(TEXTS.title);
  const login = useAdminLogin();
  const { required } = login;

  if (isAdminLoggedIn()) return <Navigate to={adminPaths.dashboard} replace />;

  return (
    <div className="min-vh-100 d-flex align-items-center justify-content-center bg-body-tertiary">
      <Card style={{ width: '22rem' }} className="shadow-sm">
        <Card.Body>
          <h1 className="h4 mb-4 text-center">{TEXTS.title}</h1>
          {login.error && (
            <Alert variant="danger" role="alert">
              {login.error}
            </Alert>
          )}
          {login.challenge ? (
            <Form noValidate onSubmit={(e) => void login.onCode(e)}>
              <p className="small text-body-secondary">{ZH.twoFactorPrompt}</p>
              <Form.Group className="mb-4" controlId="admin-code">
                <Form.Label>{TEXTS.code}</Form.Label>
                <Form.Control
                  value={login.code}
                  autoComplete="one-time-code"
                  autoFocus
                  onChange={(e) => login.setCode(e.target.value)}
                />
              </Form.Group>
              <Button type="submit" className="w-100" disabled={login.verifying}>
                {login.verifying ? TEXTS.verifying : TEXTS.verify}
              </Button>
              <Button variant="link" className="w-100 mt-2" onClick={login.back}>
                {TEXTS.back}
              </Button>
            </Form>
          ) : (
            <Form noValidate onSubmit={(e) => void login.onSubmit(e)}>
              <Form.Group className="mb-3" controlId="admin-username">
                <Form.Label>{TEXTS.username}</Form.Label>
                <Form.Control
                  value={login.username}
                  autoComplete="username"
                  onChange={(e) => {
                    login.setUsername(e.target.value);
                    required.filled('username');
                  }}
                  {...required.marks('username')}
                />
                {required.feedback('username')}
              </Form.Group>
              <Form.Group className="mb-4" controlId="admin-password">
                <Form.Label>{TEXTS.password}</Form.Label>
                <Form.Control
                  type="password"
                  value={login.password}
                  autoComplete="current-password"
                  onChange={(e) => {
                    login.setPassword(e.target.value);
                    required.filled('password');
                  }}
                  {...required.marks('password')}
                />
                {required.feedback('password')}
              </Form.Group>
              <Button type="submit" className="w-100" disabled={login.signingIn}>
                {login.signingIn ? TEXTS.signingIn : TEXTS.signIn}
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
