import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { GuestOnly } from '../../app/guards';
import { makeStore } from '../../app/store';
import { failure, http, HttpResponse, server } from '../../test/server';
import LoginPage from './LoginPage';

const userInfo = {
  id: 3,
  username: 'alice',
  balance: '1.50',
  api_key: 'pk_x',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** Answers login.php and records what it was sent. */
function answerLogin(
  answer: () => Response = () =>
    HttpResponse.json({ success: true, message: 'login successful', user_info: userInfo }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/login.php', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function setup(start = '/login') {
  sessionStorage.clear();
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route
            path="/login"
            element={
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            }
          />
          <Route path="/user/dashboard" element={<p>dashboard</p>} />
          <Route path="/user/accesslogs" element={<p>call records</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

async function fill(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('Username'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('asks for both fields before calling', async () => {
    const bodies = answerLogin();
    setup();
    await fill('alice', '');
    // Said at the empty field, which takes the focus; the filled one is not marked.
    const password = screen.getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('please enter username and password');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([]);
    await userEvent.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('signs in, mirrors the user into sessionStorage and opens the dashboard', async () => {
    const bodies = answerLogin();
    const store = setup();
    await fill(' alice ', 'secret-pass');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'alice', password: 'secret-pass' }]);
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(sessionStorage.getItem('username')).toBe('alice');
  });

  it('goes to the redirect target after login', async () => {
    answerLogin();
    setup(`/login?redirect=${encodeURIComponent('/user/accesslogs')}`);
    await fill('alice', 'secret-pass');
    expect(await screen.findByText('call records')).toBeInTheDocument();
  });

  it.each([
    [
      'the text for the code the server answered with',
      () => failure(401, { code: 'auth.login_failed', message: 'Invalid username or password.' }),
      'Invalid username or password.',
    ],
    ['the fallback', () => failure(500, 'oops'), 'login failed'],
    ['a network failure', () => HttpResponse.error(), 'login request failed, try again later'],
  ])('shows %s', async (_case, answer, message) => {
    answerLogin(answer);
    const store = setup();
    await fill('alice', 'secret-pass');
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeInTheDocument());
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });
});
