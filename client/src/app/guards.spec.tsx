import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from './store';
import { loggedIn, loggedOut } from './authSlice';
import { GuestOnly, RequireUser } from './guards';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function setup(start: string, signedIn: boolean) {
  sessionStorage.clear();
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ id: 1, username: 'alice' }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route
            path="/login"
            element={
              <GuestOnly>
                <p>login form</p>
                <Where />
              </GuestOnly>
            }
          />
          <Route
            path="/user/*"
            element={
              <RequireUser>
                <p>user page</p>
                <Where />
              </RequireUser>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('RequireUser', () => {
  it('sends signed-out visitors to login with the encoded original address', () => {
    setup('/user/accesslogs?page=2', false);
    expect(screen.getByText('login form')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/user/accesslogs?page=2')}`,
    );
  });

  it('shows the page to a signed-in user', () => {
    setup('/user/dashboard', true);
    expect(screen.getByText('user page')).toBeInTheDocument();
  });

  it('sends the user to login when the session ends on the page (a 401 logs out)', () => {
    const store = setup('/user/dashboard', true);
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/user/dashboard')}`,
    );
  });
});

describe('GuestOnly', () => {
  it('shows login to visitors', () => {
    setup('/login', false);
    expect(screen.getByText('login form')).toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard', () => {
    setup('/login', true);
    expect(screen.getByTestId('where')).toHaveTextContent('/user/dashboard');
  });

  it('honours a same-site redirect target', () => {
    setup(`/login?redirect=${encodeURIComponent('/user/accesslogs?page=3')}`, true);
    expect(screen.getByTestId('where')).toHaveTextContent('/user/accesslogs?page=3');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'user/x'])(
    'ignores the off-site redirect %s',
    (target) => {
      setup(`/login?redirect=${encodeURIComponent(target)}`, true);
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/user\/dashboard$/);
    },
  );
});
