import { OIDC_CONNECT_FIELDS } from '@contracts/oidc';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import { leaveFor } from '../../../lib/leave';
import ConnectedAccountsCard from './ConnectedAccountsCard';

jest.mock('../../../lib/leave', () => ({ leaveFor: jest.fn() }));
const assign = jest.mocked(leaveFor);

const LINKED = {
  id: 4,
  provider_id: 1,
  provider_name: 'Keycloak',
  email: 'bob@example.com',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
};
const PROVIDERS = [
  { id: 1, name: 'Keycloak' },
  { id: 2, name: 'Authing' },
];

function renderCard(start = '/user/dashboard') {
  const { container } = render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[start]}>
        <ConnectedAccountsCard />
      </MemoryRouter>
    </Provider>,
  );
  return container;
}

describe('ConnectedAccountsCard', () => {
  beforeEach(() => assign.mockReset());

  it('lists the linked accounts and offers the other providers', async () => {
    server.use(
      http.get('/api/user/get_identities.php', () =>
        ok({ identities: [LINKED], providers: PROVIDERS }),
      ),
    );
    renderCard();
    expect(await screen.findByText('Keycloak')).toBeInTheDocument();
    expect(screen.getByText(/^bob@example\.com · Connected /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Authing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Keycloak' })).not.toBeInTheDocument();
  });

  it('is not shown when the site has no providers and nothing is linked', async () => {
    let asked = false;
    server.use(
      http.get('/api/user/get_identities.php', () => {
        asked = true;
        return ok({ identities: [], providers: [] });
      }),
    );
    const container = renderCard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(true);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks for the password, then goes to the provider to connect', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/user/get_identities.php', () => ok({ identities: [], providers: PROVIDERS })),
      http.post('/api/user/oidc_connect.php', async ({ request }) => {
        const body = (await request.json()) as { current_password: string };
        bodies.push(body);
        if (body.current_password !== 'right-password') {
          return failure(400, {
            code: 'auth.current_password_wrong',
            field: 'current_password',
            message: 'wrong',
          });
        }
        return ok({ url: 'https://idp.example/authorize?x=1' });
      }),
    );
    renderCard('/user/dashboard?tab=security');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Authing' }));
    expect(screen.getByText('Enter your password to connect Authing.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Continue' });
    expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1');
    expect(bodies).toEqual([
      { provider_id: 2, current_password: 'wrong', return_to: '/user/dashboard?tab=security' },
      {
        provider_id: 2,
        current_password: 'right-password',
        return_to: '/user/dashboard?tab=security',
      },
    ]);
  });

  // Every field oidc_connect.php reads lands where it can be seen: the password at its input, the
  // provider and the page to come back to (the card's own, not typed) in the card's banner, as
  // something a reload mends rather than "A field is invalid.".
  it.each(OIDC_CONNECT_FIELDS)('shows the server’s refusal of %s', async (field) => {
    server.use(
      http.get('/api/user/get_identities.php', () => ok({ identities: [], providers: PROVIDERS })),
      http.post('/api/user/oidc_connect.php', () =>
        failure(400, { code: 'request.validation', field, message: 'x' }),
      ),
    );
    renderCard('/user/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Authing' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    if (field === 'current_password') {
      await expectRefusedControl(screen.getByLabelText('Current password'));
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This sign-in provider could not be started from this page. Reload the page and try again.',
      );
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('says why the provider refused the connection', async () => {
    server.use(
      http.get('/api/user/get_identities.php', () => ok({ identities: [], providers: PROVIDERS })),
    );
    renderCard('/user/dashboard#oidc_error=oidc.identity_taken');
    expect(
      await screen.findByText('That account is already connected to another user.'),
    ).toBeInTheDocument();
  });

  it('removes a linked account', async () => {
    let identities = [LINKED];
    server.use(
      http.get('/api/user/get_identities.php', () => ok({ identities, providers: PROVIDERS })),
      http.post('/api/user/delete_identity.php', () => {
        identities = [];
        return ok(null, 'linked account removed');
      }),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove: Keycloak' }));
    expect(await screen.findByText('Connection removed.')).toBeInTheDocument();
    expect(await screen.findByText('No accounts are connected.')).toBeInTheDocument();
  });
});
