import { FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useRequiredFields } from '../../../components/ui/useRequiredFields';
import { errorCode } from '../../../lib/api';
import { useAdminLoginMutation, useAdminLoginTwoFactorMutation } from '../api';
import { adminErrorText } from '../errors';
import { ZH } from '../i18n/zh';
import { adminPaths } from '../paths';
import { clearAdminLoggedIn, isAdminLoggedIn, markAdminLoggedIn } from '../session';

/** The challenge of a right password's 401 `auth.two_factor_required`, else null. */
function challengeOf(error: unknown): string | null {
  if (errorCode(error) !== 'auth.two_factor_required') return null;
  const challenge = (error as { data?: { challenge?: unknown } }).data?.challenge;
  return typeof challenge === 'string' ? challenge : null;
}

export default function AdminLoginPage() {
  usePageTitle('管理员登录');
  const navigate = useNavigate();
  const [login, { isLoading }] = useAdminLoginMutation();
  const [finish, finishing] = useAdminLoginTwoFactorMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const required = useRequiredFields(
    { username: 'admin-username', password: 'admin-password' },
    ZH.loginRequired,
  );
  // After a right password, on an account with two-factor: the step the code finishes.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  if (isAdminLoggedIn()) return <Navigate to={adminPaths.dashboard} replace />;

  const signedIn = () => {
    markAdminLoggedIn();
    void navigate(adminPaths.dashboard, { replace: true });
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(ZH.twoFactorCodeRequired);
      return;
    }
    setError(null);
    const result = await finish({ challenge: challenge!, code: code.trim() });
    if ('error' in result) {
      setCode('');
      if (errorCode(result.error) === 'auth.two_factor_challenge_invalid') {
        setChallenge(null);
        setPassword('');
      }
      setError(adminErrorText(result.error, { failed: ZH.loginFailed, network: ZH.loginNetwork }));
      return;
    }
    signedIn();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!required.check({ username: username.trim(), password })) return;
    const result = await login({ username: username.trim(), password });
    if ('error' in result) {
      clearAdminLoggedIn();
      const step = challengeOf(result.error);
      if (step) {
        setChallenge(step);
        return;
      }
      setError(adminErrorText(result.error, { failed: ZH.loginFailed, network: ZH.loginNetwork }));
      return;
    }
    signedIn();
  };

  return (
    <div className="min-vh-100 d-flex align-items-center justify-content-center bg-body-tertiary">
      <Card style={{ width: '22rem' }} className="shadow-sm">
        <Card.Body>
          <h1 className="h4 mb-4 text-center">管理员登录</h1>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          {challenge ? (
            <Form noValidate onSubmit={(e) => void onCode(e)}>
              <p className="small text-body-secondary">{ZH.twoFactorPrompt}</p>
              <Form.Group className="mb-4" controlId="admin-code">
                <Form.Label>验证码</Form.Label>
                <Form.Control
                  value={code}
                  autoComplete="one-time-code"
                  autoFocus
                  onChange={(e) => setCode(e.target.value)}
                />
              </Form.Group>
              <Button type="submit" className="w-100" disabled={finishing.isLoading}>
                {finishing.isLoading ? '验证中...' : '验证'}
              </Button>
              <Button
                variant="link"
                className="w-100 mt-2"
                onClick={() => {
                  setChallenge(null);
                  setCode('');
                  setError(null);
                }}
              >
                返回
              </Button>
            </Form>
          ) : (
            <Form noValidate onSubmit={(e) => void onSubmit(e)}>
              <Form.Group className="mb-3" controlId="admin-username">
                <Form.Label>用户名</Form.Label>
                <Form.Control
                  value={username}
                  autoComplete="username"
                  onChange={(e) => {
                    setUsername(e.target.value);
                    required.filled('username');
                  }}
                  {...required.marks('username')}
                />
                {required.feedback('username')}
              </Form.Group>
              <Form.Group className="mb-4" controlId="admin-password">
                <Form.Label>密码</Form.Label>
                <Form.Control
                  type="password"
                  value={password}
                  autoComplete="current-password"
                  onChange={(e) => {
                    setPassword(e.target.value);
                    required.filled('password');
                  }}
                  {...required.marks('password')}
                />
                {required.feedback('password')}
              </Form.Group>
              <Button type="submit" className="w-100" disabled={isLoading}>
                {isLoading ? '登录中...' : '登录'}
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
