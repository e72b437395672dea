import { registrationError } from '@contracts/users';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { errorMessage, errorStatus } from '../../lib/api';
import { useRegisterMutation } from './api';

export default function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    const invalid = registrationError({
      username: name,
      password,
      confirm_password: confirmPassword,
    });
    setError(invalid?.message ?? null);
    if (invalid) return;
    try {
      const result = await register({ username: name, password }).unwrap();
      void navigate(paths.login, {
        state: { notice: result.message || 'registration successful, please log in' },
      });
    } catch (e) {
      setError(
        errorStatus(e) === undefined
          ? 'registration request failed, try again later'
          : errorMessage(e, 'registration failed'),
      );
    }
  };

  return (
    <Card className="mx-auto" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">Register</h1>
        {error && <Alert variant="danger">{error}</Alert>}
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Form.Group className="mb-3" controlId="register-username">
            <Form.Label>Username</Form.Label>
            <Form.Control
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <Form.Text>3-32 letters, digits or underscores.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Form.Text>At least 6 characters.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-confirm">
            <Form.Label>Confirm password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" className="w-100" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {isLoading ? 'Registering…' : 'Register'}
          </Button>
        </Form>
        <p className="mt-3 mb-0 text-center small">
          Already registered? <Link to={paths.login}>Login</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
