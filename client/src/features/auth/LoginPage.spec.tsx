import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import * as authApi from './api';
import { GuestOnly } from './guards';
import LoginPage from './LoginPage';

jest.mock('./api', () => ({ useLoginMutation: jest.fn() }));

const mocked = authApi as jest.Mocked<typeof authApi>;

const userInfo = {
  id: 3,
  username: 'alice',
  balance: '1.50',
  api_key: 'pk_x',
  created_at: '2026-01-01T00:00:00.000Z',
};

function setup(login: jest.Mock, start = '/login') {
  sessionStorage.clear();
  mocked.useLoginMutation.mockReturnValue([login, { isLoading: false }] as never);
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

const answer = (result: Promise<unknown>) => jest.fn(() => ({ unwrap: () => result }));

async function fill(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('Username'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('asks for both fields before calling', async () => {
    const login = answer(Promise.resolve({}));
    setup(login);
    await fill('alice', '');
    expect(await screen.findByText('please enter username and password')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in, mirrors the user into sessionStorage and opens the dashboard', async () => {
    const login = answer(Promise.resolve({ success: true, user_info: userInfo }));
    const store = setup(login);
    await fill(' alice ', 'secret-pass');
    expect(login).toHaveBeenCalledWith({ username: 'alice', password: 'secret-pass' });
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(sessionStorage.getItem('username')).toBe('alice');
  });

  it('goes to the redirect target after login', async () => {
    const login = answer(Promise.resolve({ success: true, user_info: userInfo }));
    setup(login, `/login?redirect=${encodeURIComponent('/user/accesslogs')}`);
    await fill('alice', 'secret-pass');
    expect(await screen.findByText('call records')).toBeInTheDocument();
  });

  it.each([
    [
      { status: 401, data: { success: false, message: 'invalid username or password' } },
      'invalid username or password',
    ],
    [{ status: 500, data: 'oops' }, 'login failed'],
    [
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      'login request failed, try again later',
    ],
  ])('shows the failure %j as "%s"', async (error, message) => {
    setup(answer(Promise.reject(Object.assign(new Error('rejected'), error))));
    await fill('alice', 'secret-pass');
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeInTheDocument());
  });
});
