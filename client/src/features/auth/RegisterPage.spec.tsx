import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { failure, http, HttpResponse, server } from '../../test/server';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

/** Answers register.php and records what it was sent. */
function answerRegister(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/register.php', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const USER_INFO = {
  id: 9,
  username: 'alice_1',
  balance: '0.00',
  api_key: 'pk_1',
  created_at: '2026-11-30T08:00:00.000Z',
};

const registered = () =>
  HttpResponse.json({
    success: true,
    message: 'registration successful, you are signed in',
    api_key: 'pk_1',
    user_info: USER_INFO,
  });

function setup() {
  sessionStorage.clear();
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

async function fill(username: string, password: string, confirm: string) {
  if (username) await userEvent.type(screen.getByLabelText('Username'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  it.each([
    ['', 'secret-pass', 'secret-pass', 'all fields cannot be empty'],
    ['alice', 'secret-pass', '', 'all fields cannot be empty'],
    ['alice', 'secret-pass', 'secret-pasS', 'the two passwords do not match'],
    ['alice', '12345', '12345', 'password must be at least 6 characters'],
    [
      'ali-ce',
      'secret-pass',
      'secret-pass',
      'username may only contain letters, digits and underscores',
    ],
    ['al', 'secret-pass', 'secret-pass', 'username must be 3 to 32 characters'],
  ])('checks %j / %j / %j before calling: "%s"', async (username, password, confirm, message) => {
    const bodies = answerRegister(registered);
    setup();
    await fill(username, password, confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('registers and signs in, the dashboard to greet the new user', async () => {
    const bodies = answerRegister(registered);
    const store = setup();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
    expect(store.getState().auth.user).toEqual(USER_INFO);
    expect(sessionStorage.getItem('welcome')).toBe('1');
    expect(bodies).toEqual([{ username: 'alice_1', password: 'secret-pass' }]);
  });

  it('leads to login when the account waits for its e-mail address to be confirmed', async () => {
    answerRegister(() =>
      HttpResponse.json({
        success: true,
        message: 'registration successful, please log in',
        api_key: 'pk_1',
      }),
    );
    const store = setup();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(
      screen.getByText(/Registration successful\. Confirm your e-mail address/),
    ).toBeInTheDocument();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('welcome')).toBeNull();
  });

  it.each([
    [
      'the text for the code the server answered with',
      () => failure(409, { code: 'users.username_taken', message: 'username already exists' }),
      'username already exists',
    ],
    ['the fallback', () => failure(500, ''), 'registration failed'],
    [
      'a network failure',
      () => HttpResponse.error(),
      'registration request failed, try again later',
    ],
  ])('shows %s', async (_case, answer, message) => {
    answerRegister(answer);
    setup();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
