import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import * as authApi from './api';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

jest.mock('./api', () => ({ useRegisterMutation: jest.fn(), useLoginMutation: jest.fn() }));

const mocked = authApi as jest.Mocked<typeof authApi>;

function setup(register: jest.Mock) {
  sessionStorage.clear();
  mocked.useRegisterMutation.mockReturnValue([register, { isLoading: false }] as never);
  mocked.useLoginMutation.mockReturnValue([jest.fn(), { isLoading: false }] as never);
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

const answer = (result: Promise<unknown>) => jest.fn(() => ({ unwrap: () => result }));

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
    const register = answer(Promise.resolve({}));
    setup(register);
    await fill(username, password, confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers and leads to login with a confirmation', async () => {
    const register = answer(
      Promise.resolve({
        success: true,
        message: 'registration successful, please log in',
        api_key: 'pk_1',
      }),
    );
    setup(register);
    await fill('alice_1', 'secret-pass', 'secret-pass');
    expect(register).toHaveBeenCalledWith({ username: 'alice_1', password: 'secret-pass' });
    expect(await screen.findByText('registration successful, please log in')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    [
      { status: 409, data: { success: false, message: 'username already exists' } },
      'username already exists',
    ],
    [{ status: 500, data: '' }, 'registration failed'],
    [{ status: 'FETCH_ERROR', error: 'offline' }, 'registration request failed, try again later'],
  ])('shows the failure %j as "%s"', async (error, message) => {
    setup(answer(Promise.reject(Object.assign(new Error('rejected'), error))));
    await fill('alice_1', 'secret-pass', 'secret-pass');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
