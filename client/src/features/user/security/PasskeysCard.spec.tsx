import { PASSKEY_OPTIONS_FIELDS } from '@contracts/passkeys';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { createPasskey, type PasskeyOutcome } from '../../../lib/passkeys';
import { failure, http, ok, server } from '../../../test/server';
import PasskeysCard from './PasskeysCard';

jest.mock('../../../lib/passkeys', () => ({
  passkeysSupported: () => true,
  createPasskey: jest.fn(),
}));
const prompt = jest.mocked(createPasskey);

const KEY = {
  id: 1,
  name: 'Chrome · Linux',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
};

/** An account holding `passkeys`, whose options take `right-password`; records what is added. */
function account(passkeys = [KEY], max = 10) {
  const added: unknown[] = [];
  server.use(
    http.get('/api/user/get_passkeys.php', () => ok({ passkeys, max_passkeys: max })),
    http.post('/api/user/passkey_register_options.php', async ({ request }) => {
      const body = (await request.json()) as { current_password: string };
      if (body.current_password !== 'right-password') {
        return failure(400, {
          code: 'auth.current_password_wrong',
          field: 'current_password',
          message: 'wrong',
        });
      }
      return ok({ challenge: 'abc', rp: { id: 'localhost' } });
    }),
    http.post('/api/user/add_passkey.php', async ({ request }) => {
      added.push(await request.json());
      return ok({ ...KEY, id: 2 });
    }),
  );
  return added;
}

function renderCard() {
  render(
    <Provider store={makeStore()}>
      <PasskeysCard />
    </Provider>,
  );
}

async function addWith(outcome: PasskeyOutcome) {
  prompt.mockResolvedValueOnce(outcome);
  await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
  await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
}

describe('PasskeysCard', () => {
  it('lists passkeys with when they were added and used', async () => {
    account();
    renderCard();
    expect(await screen.findByText('Chrome · Linux')).toBeInTheDocument();
    expect(screen.getByText(/not used yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove: Chrome · Linux' })).toBeInTheDocument();
  });

  it('adds a passkey after the password, sending the device’s answer', async () => {
    const added = account([]);
    renderCard();
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(prompt).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Current password'));
    prompt.mockResolvedValueOnce({ ok: true, credential: { id: 'cred' } });
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('Passkey added. You can now sign in with it.'),
    ).toBeInTheDocument();
    expect(prompt).toHaveBeenCalledWith({ challenge: 'abc', rp: { id: 'localhost' } });
    expect(added).toEqual([{ credential: { id: 'cred' } }]);
  });

  it('says so when the prompt is closed or the device holds one already, adding nothing', async () => {
    const added = account();
    renderCard();
    await addWith({ ok: false, reason: 'cancelled' });
    expect(
      await screen.findByText('The passkey prompt was closed. Nothing was changed.'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    prompt.mockResolvedValueOnce({ ok: false, reason: 'exists' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('This device already holds a passkey for your account.'),
    ).toBeInTheDocument();
    expect(added).toEqual([]);
  });

  it('says a refused device answer is a passkey that could not be verified', async () => {
    account([]);
    server.use(
      http.post('/api/user/add_passkey.php', () =>
        failure(400, { code: 'request.validation', field: 'credential', message: 'x' }),
      ),
    );
    renderCard();
    await addWith({ ok: true, credential: { id: 'cred' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey could not be verified. Please try again.',
    );
  });

  it('offers no Add button at the limit', async () => {
    account(
      Array.from({ length: 10 }, (_, i) => ({ ...KEY, id: i + 1, name: `Key ${i}` })),
      10,
    );
    renderCard();
    expect(
      await screen.findByText('You have 10 passkeys, the most allowed. Remove one to add another.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  // Every field passkey_register_options.php reads lands on its control, marked and focused.
  it.each(PASSKEY_OPTIONS_FIELDS)(
    'shows the server’s refusal of %s at its field',
    async (field) => {
      account();
      server.use(
        http.post('/api/user/passkey_register_options.php', () =>
          failure(400, { code: 'request.validation', field, message: 'x' }),
        ),
      );
      prompt.mockClear();
      renderCard();
      await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
      await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
      await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
      await expectRefusedControl(document.getElementById(`passkey-add-${field}`));
      expect(prompt).not.toHaveBeenCalled();
    },
  );
});
