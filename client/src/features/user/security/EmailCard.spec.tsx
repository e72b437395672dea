import { CHANGE_EMAIL_FIELDS } from '@contracts/account-email';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import EmailCard from './EmailCard';

/** The user's address as get_email.php answers it, following what change_email.php was told. */
function account(view: { email: string | null; pending_email: string | null }, mail = true) {
  const bodies: unknown[] = [];
  let current = { notify_new_sign_in: true, ...view };
  server.use(
    http.get('/api/get_config.php', () => ok({ site_title: 'Portico', mail_enabled: mail })),
    http.get('/api/user/get_email.php', () => ok(current)),
    http.post('/api/user/change_email.php', async ({ request }) => {
      const body = (await request.json()) as { email: string; current_password: string };
      bodies.push(body);
      if (body.current_password !== 'right-password') {
        return failure(400, {
          code: 'auth.current_password_wrong',
          field: 'current_password',
          message: 'wrong',
        });
      }
      current = { ...current, pending_email: body.email };
      return ok(current);
    }),
    http.post('/api/user/set_sign_in_notice.php', async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean };
      bodies.push(body);
      current = { ...current, notify_new_sign_in: body.enabled };
      return ok(current);
    }),
  );
  return bodies;
}

function renderCard() {
  render(
    <Provider store={makeStore()}>
      <EmailCard />
    </Provider>,
  );
}

async function send(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('New e-mail address'), email);
  if (password) await userEvent.type(screen.getByLabelText('Current password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
}

describe('EmailCard', () => {
  it('says there is no address yet, then which one waits for its link', async () => {
    const bodies = account({ email: null, pending_email: null });
    renderCard();
    expect(await screen.findByText(/No e-mail address yet/)).toBeInTheDocument();
    await send('  New@Example.com', 'right-password');
    expect(
      await screen.findByText('A confirmation link has been sent to new@example.com.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Waiting for confirmation: we sent a link to new@example.com/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'new@example.com', current_password: 'right-password' }]);
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('');
  });

  it('checks the form first and puts a wrong password under its field', async () => {
    const bodies = account({ email: 'old@example.com', pending_email: null });
    renderCard();
    expect(await screen.findByText('Confirmed address: old@example.com')).toBeInTheDocument();
    await send('not an address', 'x');
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('New e-mail address')).toHaveFocus();
    await userEvent.clear(screen.getByLabelText('New e-mail address'));
    await userEvent.clear(screen.getByLabelText('Current password'));
    await send('new@example.com', '');
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await send('', 'wrong-password');
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  // Every field change_email.php reads lands on its control with a text of its own.
  it.each(CHANGE_EMAIL_FIELDS)('shows the server’s refusal of %s at its field', async (field) => {
    account({ email: 'old@example.com', pending_email: null });
    server.use(
      http.post('/api/user/change_email.php', () =>
        failure(400, { code: 'request.validation', message: 'x', field }),
      ),
    );
    renderCard();
    await screen.findByText('Confirmed address: old@example.com');
    await send('new@example.com', 'secret-pass');
    const control = document.getElementById(`email-${field}`)!;
    await waitFor(() => expect(control).toHaveFocus());
    expect(control).toHaveAttribute('aria-invalid', 'true');
    const text = document.getElementById(control.getAttribute('aria-describedby')!)!.textContent;
    expect(text).not.toBe('A field is invalid.');
  });

  it('offers no form where the site cannot mail', async () => {
    account({ email: 'old@example.com', pending_email: null }, false);
    renderCard();
    expect(await screen.findByText(/This site cannot send e-mail/)).toBeInTheDocument();
    expect(screen.queryByLabelText('New e-mail address')).not.toBeInTheDocument();
  });

  it('turns new-browser sign-in notices off', async () => {
    const bodies = account({ email: 'me@example.com', pending_email: null });
    renderCard();
    const label = 'E-mail me when my account is signed in from a new browser';
    expect(await screen.findByLabelText(label)).toBeChecked();
    await userEvent.click(screen.getByLabelText(label));
    await waitFor(() => expect(screen.getByLabelText(label)).not.toBeChecked());
    expect(bodies).toEqual([{ enabled: false }]);
  });

  it('offers no sign-in notices without a confirmed address', async () => {
    account({ email: null, pending_email: 'new@example.com' });
    renderCard();
    expect(await screen.findByText(/new@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
