import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { loggedIn } from '../../features/auth/authSlice';
import * as siteApi from '../../features/site/api';
import { makeStore } from '../store';
import Sidebar from './Sidebar';

jest.mock('../../features/site/api', () => ({ useGetSidebarLinksQuery: jest.fn() }));
const mocked = siteApi as jest.Mocked<typeof siteApi>;

const LINKS = [
  { id: 1, title: 'Docs', url: '/about', target: '_blank' },
  { id: 2, title: 'Status', url: 'https://status.example.com', target: '_blank' },
  { id: 3, title: 'Same tab', url: 'https://same.example.com', target: '_self' },
  { id: 4, title: 'Soon', url: null, target: '_self' },
  { id: 5, title: 'Gateway', url: '/apis/ip', target: '_self' },
];

function setup(result: object, signedIn = false) {
  sessionStorage.clear();
  mocked.useGetSidebarLinksQuery.mockReturnValue(result as never);
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ id: 1, username: 'alice' }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Sidebar />
      </MemoryRouter>
    </Provider>,
  );
  return within(screen.getByRole('navigation', { name: 'Sidebar' }));
}

describe('Sidebar', () => {
  it('shows the fixed entries, then server links by kind, then login and register', () => {
    const nav = setup({ data: LINKS, isLoading: false });
    const names = nav.getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual([
      'Home',
      'Friend links',
      'About',
      'Docs',
      'Status↗',
      'Same tab',
      'Gateway',
      'Login',
      'Register',
    ]);
    expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Docs' })).not.toHaveAttribute('target');
    const external = nav.getByRole('link', { name: /Status/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(nav.getByRole('link', { name: 'Same tab' })).not.toHaveAttribute('target');
    expect(nav.getByRole('link', { name: 'Gateway' })).toHaveAttribute('href', '/apis/ip');
    expect(nav.getByText('Soon')).toHaveAttribute('aria-disabled', 'true');
    expect(nav.getByText('Soon').tagName).toBe('SPAN');
  });

  it('shows the user entries and logout when signed in', () => {
    const nav = setup({ data: [], isLoading: false }, true);
    for (const name of ['User centre', 'Call records', 'Recharge centre']) {
      expect(nav.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('says the links failed, with the server message when there is one', () => {
    let nav = setup({ error: { status: 500, data: {} }, isLoading: false });
    expect(nav.getByRole('alert')).toHaveTextContent('failed to get links');
    document.body.innerHTML = '';
    nav = setup({ error: { status: 'FETCH_ERROR', error: 'x' }, isLoading: false });
    expect(nav.getByRole('alert')).toHaveTextContent('check network');
  });
});
