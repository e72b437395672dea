import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { failure, http, HttpResponse, server } from '../../test/server';
import LoginPage from './LoginPage';

const CHALLENGE = 'C'.repeat(43);
const USER_INFO = { id: 1, username: 'alice', balance: '0.00', api_key: null, created_at: '' };

function setup() {
  sessionStorage.clear();
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** login.php asks for the second factor; login_2fa.php answers with `second`. */
function twoFactorAccount(second: (body: { code: string }) => Response) {
  const codes: unknown[] = [];
  server.use(
    http.post('/api/login.php', () =>
      failure(401, { code: 'auth.two_factor_required', message: 'code', challenge: CHALLENGE }),
    ),
    http.post('/api/login_2fa.php', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      codes.push(body);
      return second(body);
    }),
  );
  return codes;
}

async function password() {
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage second factor', () => {
  it('asks for the code after a right password and signs in with it', async () => {
    const codes = twoFactorAccount(() =>
      HttpResponse.json({ success: true, message: 'ok', user_info: USER_INFO }),
    );
    const store = setup();
    await password();
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Authentication code'), ' 123 456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
    expect(codes).toEqual([{ challenge: CHALLENGE, code: '123 456' }]);
  });

  it('keeps the step for a wrong code and goes back to the password when it expired', async () => {
    let answer = failure(400, { code: 'auth.two_factor_failed', field: 'code', message: 'no' });
    twoFactorAccount(() => answer);
    setup();
    await password();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The code is wrong, already used or expired.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');

    answer = failure(401, { code: 'auth.two_factor_challenge_invalid', message: 'expired' });
    await userEvent.type(screen.getByLabelText('Authentication code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This sign-in has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
