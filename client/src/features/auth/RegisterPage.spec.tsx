import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { REGISTER_FIELDS } from '@contracts/users';
import { makeStore } from '../../app/store';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import { authApi } from './api';
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

/** A site that can mail a confirmation link, so registration asks for an address. */
const mailEnabled = () =>
  server.use(
    http.get('/api/get_config.php', () => ok({ site_title: 'Portico', mail_enabled: true })),
  );

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

function setup(path = '/register', providers: { id: number; name: string }[] = []) {
  sessionStorage.clear();
  server.use(http.get('/api/oidc_providers.php', () => ok(providers)));
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
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
    ['', 'secret-pass', 'secret-pass', 'all fields cannot be empty', 'Username'],
    ['alice', 'secret-pass', '', 'all fields cannot be empty', 'Confirm password'],
    ['alice', 'secret-pass', 'secret-pasS', 'the two passwords do not match', 'Confirm password'],
    ['alice', '12345', '12345', 'password must be at least 6 characters', 'Password'],
    [
      'ali-ce',
      'secret-pass',
      'secret-pass',
      'username may only contain letters, digits and underscores',
      'Username',
    ],
    ['al', 'secret-pass', 'secret-pass', 'Username must be 3 to 32 characters.', 'Username'],
  ])(
    'checks %j / %j / %j before calling: "%s" at the field',
    async (username, password, confirm, message, label) => {
      const bodies = answerRegister(registered);
      setup();
      await fill(username, password, confirm);
      const text = await screen.findByText(message);
      const control = screen.getByLabelText(label);
      expect(control).toHaveFocus();
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(text.id);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(bodies).toEqual([]);
    },
  );

  it('marks every empty field, and takes a field’s message back as it is edited', async () => {
    answerRegister(registered);
    setup();
    await fill('', '', '');
    for (const label of ['Username', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getAllByText('all fields cannot be empty')).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Username'), 'a');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('all fields cannot be empty')).toHaveLength(2);
  });

  // Every field register.php reads, named by the server, lands on its control (the address
  // field shows where the site can mail it).
  it.each(REGISTER_FIELDS)('shows the server’s refusal of %s at its field', async (field) => {
    mailEnabled();
    answerRegister(() => failure(400, { code: 'request.validation', message: 'x', field }));
    setup();
    await screen.findByLabelText('E-mail (optional)');
    await fill('alice_1', 'secret-pass', 'secret-pass');
    const control = document.getElementById(`register-${field}`);
    await waitFor(() => expect(control).toHaveFocus());
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
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

  it('sends the invite of the link it was opened by, on every try', async () => {
    let tries = 0;
    const bodies = answerRegister(() =>
      (tries += 1) === 1
        ? failure(409, { code: 'users.username_taken', message: 'Username already exists.' })
        : registered(),
    );
    const store = setup('/register?invite=abcdefghjk');
    const note = 'You were invited — your inviter is rewarded after your first recharge.';
    expect(screen.getByText(note)).toBeInTheDocument();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    await screen.findByText('Username already exists.');
    expect(screen.getByText(note)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
    expect(bodies).toEqual([
      { username: 'alice_1', password: 'secret-pass', invite: 'ABCDEFGHJK' },
      { username: 'alice_12', password: 'secret-pass', invite: 'ABCDEFGHJK' },
    ]);
  });

  it('offers the sign-in providers, carrying the invite on the click', async () => {
    setup('/register?invite=abcdefghjk', [{ id: 7, name: 'Test IdP' }]);
    const link = await screen.findByRole('link', { name: 'Continue with Test IdP' });
    expect(screen.getByText('or')).toBeInTheDocument();
    // As rendered (the same for every ?invite=, so the stored page fits them all).
    expect(link).toHaveAttribute('href', '/api/oidc_login.php?provider=7');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(link).toHaveAttribute('href', '/api/oidc_login.php?provider=7&invite=ABCDEFGHJK');
  });

  it('shows no divider or provider links when the site has none', async () => {
    const store = setup('/register?invite=abcdefghjk');
    // The page has its answer (none) once the query is fulfilled.
    const { oidcProviders } = authApi.endpoints;
    await waitFor(() => expect(oidcProviders.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('leaves out an invite no inviter can have, and says nothing of it', async () => {
    const bodies = answerRegister(registered);
    const store = setup('/register?invite=not-a-code');
    expect(screen.queryByText(/You were invited/)).toBeNull();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
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
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says a taken username at the username', async () => {
    answerRegister(() =>
      failure(409, { code: 'users.username_taken', message: 'Username already exists.' }),
    );
    setup();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    const text = await screen.findByText('Username already exists.');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toContain(text.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
