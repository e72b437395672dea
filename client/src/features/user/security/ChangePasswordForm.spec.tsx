import { USER_PASSWORD_FIELDS } from '@contracts/sessions';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import ChangePasswordForm from './ChangePasswordForm';

function renderForm() {
  render(
    <Provider store={makeStore()}>
      <ChangePasswordForm />
    </Provider>,
  );
}

async function fill(current: string, next: string, confirm = next) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('sends the current and new password and says the other sessions were signed out', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/user/change_password.php', async ({ request }) => {
        bodies.push(await request.json());
        return ok(null, 'password changed');
      }),
    );
    renderForm();
    await fill('old-secret', 'new-secret-1');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your other sessions were signed out',
    );
    expect(bodies).toEqual([{ current_password: 'old-secret', new_password: 'new-secret-1' }]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password at that field', async () => {
    server.use(
      http.post('/api/user/change_password.php', () =>
        failure(400, {
          message: 'The current password is incorrect.',
          code: 'auth.current_password_wrong',
          field: 'current_password',
        }),
      ),
    );
    renderForm();
    await fill('not-it', 'new-secret-1');
    const field = screen.getByLabelText('Current password');
    expect(await screen.findByText('The current password is incorrect.')).toHaveAttribute(
      'id',
      'security-current_password-error',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', 'security-current_password-error');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['', 'new-secret-1', 'new-secret-1', 'Current password', 'Please fill in this field.'],
    ['old-secret', '12345', '12345', 'New password', 'password must be at least 6 characters'],
    [
      'old-secret',
      'new-secret-1',
      'new-secret-2',
      'Confirm new password',
      'the two passwords do not match',
    ],
  ])(
    'refuses %j / %j / %j at %s without calling the server',
    async (current, next, confirm, label, text) => {
      let calls = 0;
      server.use(
        http.post('/api/user/change_password.php', () => {
          calls++;
          return ok(null);
        }),
      );
      renderForm();
      await fill(current, next, confirm);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveFocus();
      expect(calls).toBe(0);
    },
  );

  // Every field user/change_password.php reads lands on its control with a text of its own.
  it.each(USER_PASSWORD_FIELDS)('shows the server’s refusal of %s at its field', async (field) => {
    server.use(
      http.post('/api/user/change_password.php', () =>
        failure(400, { code: 'request.validation', message: 'x', field }),
      ),
    );
    renderForm();
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    const control = document.getElementById(`security-${field}`)!;
    await waitFor(() => expect(control).toHaveFocus());
    expect(control).toHaveAttribute('aria-invalid', 'true');
    const text = document.getElementById(control.getAttribute('aria-describedby')!)!.textContent;
    expect(text).not.toBe('A field is invalid.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the lock-out as a banner', async () => {
    server.use(
      http.post('/api/user/change_password.php', () =>
        failure(429, { message: 'too many', code: 'auth.login_throttled' }),
      ),
    );
    renderForm();
    await fill('old-secret', 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed logins, try again later.',
    );
  });
});
