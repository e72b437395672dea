import { FORGOT_PASSWORD_FIELDS, RESET_PASSWORD_FIELDS } from '@contracts/account-email';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { expectRefusedControl } from '../../test/refusals';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import ConfirmEmailPage from './ConfirmEmailPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

const TOKEN = 'A'.repeat(43);

/** get_config.php saying whether the site can send mail (and must have an address). */
function siteMail(enabled: boolean, required = false) {
  server.use(
    http.get('/api/get_config.php', () =>
      ok({ site_title: 'Portico', mail_enabled: enabled, email_required: required }),
    ),
  );
}

/** Answers `path` with `answer` and records the bodies it was sent. */
function answer(path: string, reply: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

const NEW_TOKEN = 'B'.repeat(43);

/** Where the page went, for the address bar checks; and a second mailed link opened in place. */
function Address() {
  const { pathname, hash } = useLocation();
  return (
    <>
      <span data-testid="address">{pathname + hash}</span>
      <Link to={`${pathname}#token=${NEW_TOKEN}`}>newer link</Link>
    </>
  );
}

function show(entry: string) {
  sessionStorage.clear();
  // The login and register pages list the site's sign-in providers: none here.
  server.use(http.get('/api/oidc_providers.php', () => ok([])));
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Provider>,
  );
}

describe('ForgotPasswordPage', () => {
  it('asks by name or address and says the same thing whatever the answer names', async () => {
    siteMail(true);
    const bodies = answer('/api/user/forgot_password.php', () => ok(null, 'sent'));
    show('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or e-mail address')).toHaveFocus();
    expect(bodies).toEqual([]);

    await userEvent.type(
      screen.getByLabelText('Username or e-mail address'),
      ' Alice@Example.com ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account with that name or address has a confirmed e-mail address, a reset link is on its way.',
    );
    expect(bodies).toEqual([{ login: 'Alice@Example.com' }]);
  });

  it('shows a refusal such as the per-address limit', async () => {
    siteMail(true);
    answer('/api/user/forgot_password.php', () =>
      failure(429, { code: 'request.rate_limited', message: 'too many' }),
    );
    show('/forgot-password');
    await userEvent.type(screen.getByLabelText('Username or e-mail address'), 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it.each(FORGOT_PASSWORD_FIELDS)(
    'shows the server’s refusal of %s at its field',
    async (field) => {
      siteMail(true);
      answer('/api/user/forgot_password.php', () =>
        failure(400, { code: 'request.validation', field, message: 'login is too long' }),
      );
      show('/forgot-password');
      await userEvent.type(screen.getByLabelText('Username or e-mail address'), 'alice');
      await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
      await expectRefusedControl(screen.getByLabelText('Username or e-mail address'));
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('sends users to the administrator when the site cannot mail', async () => {
    siteMail(false);
    show('/forgot-password');
    expect(await screen.findByText(/This site cannot send e-mail/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });

  it('is linked from the login page', async () => {
    siteMail(true);
    show('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('names the account, takes the token out of the address and sets the password once', async () => {
    const checks = answer('/api/user/check_reset_token.php', () =>
      ok({ username: 'alice', expires_at: '2030-01-01T00:00:00.000Z' }),
    );
    const resets = answer('/api/user/reset_password.php', () => ok(null, 'reset'));
    show(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByText(/For the account alice\./)).toBeInTheDocument();
    expect(checks).toEqual([{ token: TOKEN }]);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/reset-password$/);

    await userEvent.type(screen.getByLabelText('New password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secreT');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('the two passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(resets).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been reset. Log in with the new one.'),
    ).toBeInTheDocument();
    expect(resets).toEqual([
      { token: TOKEN, new_password: 'new-secret', confirm_password: 'new-secret' },
    ]);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('says a used or expired link is dead and offers a new one', async () => {
    answer('/api/user/check_reset_token.php', () =>
      failure(400, { code: 'auth.reset_token_invalid', message: 'invalid' }),
    );
    show(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid, already used or expired.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });

  it('takes a newer link opened on the same page, which changes only the fragment', async () => {
    const checks = answer('/api/user/check_reset_token.php', () =>
      checks.length === 1
        ? failure(400, { code: 'auth.reset_token_invalid', message: 'invalid' })
        : ok({ username: 'alice', expires_at: '2030-01-01T00:00:00.000Z' }),
    );
    show(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid');
    await userEvent.click(screen.getByRole('link', { name: 'newer link' }));
    expect(await screen.findByText(/For the account alice\./)).toBeInTheDocument();
    expect(checks).toEqual([{ token: TOKEN }, { token: NEW_TOKEN }]);
  });

  it('says so when the address carries no token at all', async () => {
    show('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid');
  });

  it('puts a refusal of the new password under its field', async () => {
    answer('/api/user/check_reset_token.php', () =>
      ok({ username: 'alice', expires_at: '2030-01-01T00:00:00.000Z' }),
    );
    answer('/api/user/reset_password.php', () =>
      failure(400, { code: 'users.password_too_long', field: 'new_password', message: 'long' }),
    );
    show(`/reset-password#token=${TOKEN}`);
    await screen.findByText(/For the account alice\./);
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at most 128 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });
});

// Every field reset_password.php reads lands where the reader looks: a password at its control,
// the link's token (no control of its own) as the dead link's message.
describe('ResetPasswordPage refusals', () => {
  it.each(RESET_PASSWORD_FIELDS)('shows the server’s refusal of %s', async (field) => {
    answer('/api/user/check_reset_token.php', () =>
      ok({ username: 'alice', expires_at: '2030-01-01T00:00:00.000Z' }),
    );
    answer('/api/user/reset_password.php', () =>
      failure(400, { code: 'request.validation', field, message: `${field} is invalid` }),
    );
    show(`/reset-password#token=${TOKEN}`);
    await screen.findByText(/For the account alice\./);
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    if (field === 'token') {
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This reset link is invalid, already used or expired.',
      );
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    } else {
      await expectRefusedControl(document.getElementById(`reset-${field}`));
    }
  });
});

describe('ConfirmEmailPage', () => {
  it('confirms the address once and says which', async () => {
    const bodies = answer('/api/user/confirm_email.php', () => ok({ email: 'a@example.com' }));
    show(`/confirm-email#token=${TOKEN}`);
    expect(
      await screen.findByText('a@example.com is now your account’s e-mail address.'),
    ).toHaveAttribute('role', 'status');
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/confirm-email$/);
  });

  it('explains a link another account beat to the address', async () => {
    answer('/api/user/confirm_email.php', () =>
      failure(409, { code: 'users.email_taken', message: 'taken' }),
    );
    show(`/confirm-email#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another account already uses this e-mail address.',
    );
  });
});

describe('RegisterPage e-mail', () => {
  async function fill(email: string) {
    await userEvent.type(screen.getByLabelText('Username'), 'alice_1');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-pass');
    if (email) await userEvent.type(screen.getByLabelText('E-mail (optional)'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('asks for an optional address only where the site can mail', async () => {
    siteMail(false);
    show('/register');
    await screen.findByRole('button', { name: 'Register' });
    await waitFor(() =>
      expect(screen.queryByLabelText('E-mail (optional)')).not.toBeInTheDocument(),
    );
  });

  it('checks the address, sends it normalized and says a link is on its way', async () => {
    siteMail(true);
    const bodies = answer('/api/register.php', () =>
      HttpResponse.json({ success: true, message: 'ok', api_key: 'pk_1' }),
    );
    show('/register');
    await screen.findByLabelText('E-mail (optional)');
    await fill('not an address');
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(screen.getByLabelText('E-mail (optional)'));
    await userEvent.type(screen.getByLabelText('E-mail (optional)'), ' Alice@Example.COM');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(/Confirm your e-mail address with the link we sent/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { username: 'alice_1', password: 'secret-pass', email: 'alice@example.com' },
    ]);
  });

  it('puts a taken address under its field', async () => {
    siteMail(true);
    answer('/api/register.php', () =>
      failure(409, { code: 'users.email_taken', message: 'taken' }),
    );
    show('/register');
    await screen.findByLabelText('E-mail (optional)');
    await fill('bob@example.com');
    expect(
      await screen.findByText('Another account already uses this e-mail address.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('requires the address when the site verifies e-mail, before calling', async () => {
    siteMail(true, true);
    const bodies = answer('/api/register.php', () =>
      HttpResponse.json({ success: true, message: 'ok', api_key: 'pk_1' }),
    );
    show('/register');
    const field = await screen.findByLabelText('E-mail');
    expect(field).toHaveAccessibleDescription(
      'We will send a link to confirm it; you can log in once you have followed it. It also lets you reset a forgotten password.',
    );
    await userEvent.type(screen.getByLabelText('Username'), 'alice_1');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        'Please enter your e-mail address. We will send a link to confirm it.',
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(field, 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(/Confirm your e-mail address with the link we sent/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { username: 'alice_1', password: 'secret-pass', email: 'alice@example.com' },
    ]);
  });
});

describe('LoginPage with an unconfirmed account', () => {
  it('says to follow the link that was mailed', async () => {
    siteMail(true, true);
    answer('/api/login.php', () =>
      failure(403, { code: 'auth.email_unconfirmed', message: 'confirm first' }),
    );
    show('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'alice_1');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText(
        'Please confirm your e-mail address first: follow the link we sent to it. If it is older than two minutes, we have just sent a new one.',
      ),
    ).toBeInTheDocument();
  });
});
