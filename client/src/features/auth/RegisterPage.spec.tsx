import { render, screen } from '@testing-library/react';
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

const registered = () =>
  HttpResponse.json({
    success: true,
    message: 'registration successful, please log in',
    api_key: 'pk_1',
  });

function setup() {
  sessionStorage.clear();
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
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

  it('registers and leads to login with a confirmation', async () => {
    const bodies = answerRegister(registered);
    setup();
    await fill('alice_1', 'secret-pass', 'secret-pass');
    expect(await screen.findByText('registration successful, please log in')).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'alice_1', password: 'secret-pass' }]);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
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
