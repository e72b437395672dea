import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { loggedIn, readSessionUser } from '../../app/authSlice';
import { makeStore } from '../../app/store';
import { http, ok, server } from '../../test/server';
import LogoutLink from './LogoutLink';

/** A signed-in dashboard whose home page is still loading (its code never arrives). */
function setup() {
  sessionStorage.clear();
  const store = makeStore();
  store.dispatch(loggedIn({ id: 7, username: 'alice' }));
  const router = createMemoryRouter(
    [
      { path: '/', lazy: () => new Promise(() => {}) },
      { path: '/user/dashboard', element: <LogoutLink /> },
    ],
    { initialEntries: ['/user/dashboard'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('LogoutLink', () => {
  it('forgets the stored user once the server has ended the session, before the way home ends', async () => {
    let ended = false;
    server.use(
      http.post('/api/user/logout.php', () => {
        ended = true;
        return ok(null);
      }),
    );
    const { store, router } = setup();
    expect(readSessionUser()?.username).toBe('alice');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(readSessionUser()).toBeNull());
    expect(ended).toBe(true);
    // Still on the way home: a page loaded now (a reload, a link) starts signed out.
    expect(router.state.navigation.location?.pathname).toBe('/');
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });
});
