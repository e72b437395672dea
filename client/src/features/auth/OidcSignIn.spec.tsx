import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { GuestOnly } from '../../app/guards';
import { makeStore } from '../../app/store';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import LoginPage from './LoginPage';

const userInfo = {
  id: 3,
  username: 'bob',
  balance: '0.00',
  api_key: 'pk_x',
  created_at: '2026-01-01T00:00:00.000Z',
};

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}`}</p>;
}

function setup(start: string) {
  sessionStorage.clear();
  server.use(http.get('/api/oidc_providers.php', () => ok([{ id: 7, name: 'Test IdP' }])));
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route
            path="/login"
            element={
              <GuestOnly>
                <LoginPage />
                <Where />
              </GuestOnly>
            }
          />
          <Route path="/user/dashboard" element={<p>dashboard</p>} />
          <Route path="/user/accesslogs" element={<p>call records</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('LoginPage with sign-in providers', () => {
  it('links each provider to oidc_login.php, adding the page to return to on the click', async () => {
    setup(`/login?redirect=${encodeURIComponent('/user/accesslogs?page=2')}`);
    const link = await screen.findByRole('link', { name: 'Continue with Test IdP' });
    // As rendered (the same for every ?redirect=, so the stored page fits them all).
    expect(link).toHaveAttribute('href', '/api/oidc_login.php?provider=7');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(link).toHaveAttribute(
      'href',
      `/api/oidc_login.php?provider=7&return_to=${encodeURIComponent('/user/accesslogs?page=2')}`,
    );
  });

  it('shows no provider links when the site has none', async () => {
    setup('/login');
    server.use(http.get('/api/oidc_providers.php', () => ok([])));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('says why the provider sign-in failed, and takes the code out of the address', async () => {
    setup('/login?redirect=%2Fuser%2Faccesslogs#oidc_error=oidc.cancelled');
    expect(await screen.findByText('Sign-in was cancelled.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(
      /^\/login\?redirect=%2Fuser%2Faccesslogs$/,
    );
  });

  it('falls back to a plain text for a code it does not know', async () => {
    setup('/login#oidc_error=%3Cscript%3E');
    expect(await screen.findByText('The request failed.')).toBeInTheDocument();
  });

  it('links the provider to the account holding its address with that password', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/oidc_link.php', async ({ request }) => {
        const body = (await request.json()) as { current_password: string };
        bodies.push(body);
        if (body.current_password !== 'right-password') {
          return failure(400, {
            code: 'auth.current_password_wrong',
            field: 'current_password',
            message: 'The current password is incorrect.',
          });
        }
        return HttpResponse.json({ success: true, message: 'ok', user_info: userInfo });
      }),
    );
    setup('/login#oidc_link=TICKET&username=bob&provider=Test+IdP');
    expect(
      await screen.findByText(
        'The account bob already uses the e-mail address Test IdP gave. Enter its password to connect Test IdP to it; from then on Test IdP signs you in directly.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
    await userEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please fill in this field.',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'The current password is incorrect.',
      ),
    );
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(bodies).toEqual([
      { ticket: 'TICKET', current_password: 'wrong' },
      { ticket: 'TICKET', current_password: 'right-password' },
    ]);
  });

  it('goes back to the password form when the link step has expired', async () => {
    server.use(
      http.post('/api/oidc_link.php', () =>
        failure(400, { code: 'oidc.link_invalid', message: 'expired' }),
      ),
    );
    setup('/login#oidc_link=TICKET&username=bob&provider=Test+IdP');
    await userEvent.type(await screen.findByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
    expect(
      await screen.findByText('This step has expired. Please sign in with the provider again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('asks for the second factor after the provider, then signs in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/login_2fa.php', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, message: 'ok', user_info: userInfo });
      }),
    );
    setup('/login?redirect=%2Fuser%2Faccesslogs#two_factor=CHALLENGE&passkeys=0');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('call records')).toBeInTheDocument();
    expect(bodies).toEqual([{ challenge: 'CHALLENGE', code: '123456' }]);
  });
});
