import { FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminLoginMutation } from '../api';
import { adminErrorText } from '../errors';
import { ZH } from '../i18n/zh';
import { adminPaths } from '../paths';
import { clearAdminLoggedIn, isAdminLoggedIn, markAdminLoggedIn } from '../session';

export default function AdminLoginPage() {
  usePageTitle('管理员登录');
  const navigate = useNavigate();
  const [login, { isLoading }] = useAdminLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (isAdminLoggedIn()) return <Navigate to={adminPaths.dashboard} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(ZH.loginRequired);
      return;
    }
    setError(null);
    const result = await login({ username: username.trim(), password });
    if ('error' in result) {
      clearAdminLoggedIn();
      setError(adminErrorText(result.error, { failed: ZH.loginFailed, network: ZH.loginNetwork }));
      return;
    }
    markAdminLoggedIn();
    void navigate(adminPaths.dashboard, { replace: true });
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
          <Form noValidate onSubmit={(e) => void onSubmit(e)}>
            <Form.Group className="mb-3" controlId="admin-username">
              <Form.Label>用户名</Form.Label>
              <Form.Control
                value={username}
                autoComplete="username"
                onChange={(e) => setUsername(e.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-4" controlId="admin-password">
              <Form.Label>密码</Form.Label>
              <Form.Control
                type="password"
                value={password}
                autoComplete="current-password"
                onChange={(e) => setPassword(e.target.value)}
              />
            </Form.Group>
            <Button type="submit" className="w-100" disabled={isLoading}>
              {isLoading ? '登录中...' : '登录'}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}
