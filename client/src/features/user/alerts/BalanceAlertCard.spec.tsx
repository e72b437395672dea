import { BALANCE_ALERT_FIELDS } from '@contracts/usage';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import BalanceAlertCard from './BalanceAlertCard';
import LowBalanceBanner from './LowBalanceBanner';

const view = (extra: object = {}) => ({
  threshold: null,
  email: null,
  account_email: null,
  webhook_url: null,
  webhook_secret: null,
  low: false,
  balance: '3.50',
  deliveries: [],
  ...extra,
});

function renderWith(node: React.ReactNode) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

describe('BalanceAlertCard', () => {
  it('saves the threshold, e-mail and webhook and shows the signing secret it gets', async () => {
    const bodies: unknown[] = [];
    let current = view();
    server.use(
      http.get('/api/user/get_balance_alert.php', () => ok(current)),
      http.post('/api/user/set_balance_alert.php', async ({ request }) => {
        bodies.push(await request.json());
        current = view({
          threshold: '5.00',
          email: 'me@example.com',
          webhook_url: 'https://hooks.example.com/p',
          webhook_secret: 'ab'.repeat(32),
        });
        return ok(current);
      }),
    );
    renderWith(<BalanceAlertCard />);
    await userEvent.type(await screen.findByLabelText('Threshold (yuan)'), '5.00');
    await userEvent.type(screen.getByLabelText('E-mail'), 'me@example.com');
    await userEvent.type(
      screen.getByLabelText('Webhook URL (https)'),
      'https://hooks.example.com/p',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Alert saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { threshold: '5.00', email: 'me@example.com', webhook_url: 'https://hooks.example.com/p' },
    ]);
    await waitFor(() =>
      expect(screen.getByLabelText('Signing secret')).toHaveValue('ab'.repeat(32)),
    );
  });

  it('refuses a threshold that is not an amount without asking the server', async () => {
    let posts = 0;
    server.use(
      http.get('/api/user/get_balance_alert.php', () => ok(view())),
      http.post('/api/user/set_balance_alert.php', () => {
        posts += 1;
        return ok(view());
      }),
    );
    renderWith(<BalanceAlertCard />);
    await userEvent.type(await screen.findByLabelText('Threshold (yuan)'), '5.0001');
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(
      screen.getByText('Enter an amount in yuan with at most 3 decimals, or leave it empty.'),
    ).toBeVisible();
    expect(posts).toBe(0);
  });

  it.each([
    [
      'alerts.webhook_url_invalid',
      'http://example.com',
      'The webhook URL must start with https:// and carry no user name or password.',
    ],
    [
      'alerts.webhook_url_private',
      'https://10.0.0.8/hook',
      'The webhook URL must not point at a private or local address.',
    ],
  ])('shows the refusal %s at the webhook field', async (code, url, text) => {
    server.use(
      http.get('/api/user/get_balance_alert.php', () => ok(view())),
      http.post('/api/user/set_balance_alert.php', () =>
        failure(400, { message: 'webhook_url is refused', code, field: 'webhook_url' }),
      ),
    );
    renderWith(<BalanceAlertCard />);
    await userEvent.type(await screen.findByLabelText('Threshold (yuan)'), '1');
    const field = screen.getByLabelText('Webhook URL (https)');
    await userEvent.type(field, url);
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(field).toHaveClass('is-invalid');
    expect(screen.queryByText('webhook_url is refused')).not.toBeInTheDocument();
  });

  it('shows a refusal that names no field above the form', async () => {
    server.use(
      http.get('/api/user/get_balance_alert.php', () => ok(view())),
      http.post('/api/user/set_balance_alert.php', () =>
        failure(400, { message: 'email is not an e-mail address', code: 'request.validation' }),
      ),
    );
    renderWith(<BalanceAlertCard />);
    await userEvent.type(await screen.findByLabelText('Threshold (yuan)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A field is invalid.');
    expect(screen.getByLabelText('Webhook URL (https)')).not.toHaveClass('is-invalid');
  });

  // Every field set_balance_alert.php reads (its DTO, held by BALANCE_ALERT_FIELDS) lands on a
  // control that says what it asks for, takes the focus and names its message; no banner.
  const fieldTexts: Record<(typeof BALANCE_ALERT_FIELDS)[number], [string, string]> = {
    threshold: [
      'Threshold (yuan)',
      'Enter an amount in yuan with at most 3 decimals, or leave it empty.',
    ],
    email: ['E-mail', 'Enter an e-mail address, or leave it empty.'],
    webhook_url: [
      'Webhook URL (https)',
      'Enter an https address of at most 2,000 characters, or leave it empty.',
    ],
  };
  it.each(BALANCE_ALERT_FIELDS)(
    'says at the %s field what a refusal of it means',
    async (field) => {
      server.use(
        http.get('/api/user/get_balance_alert.php', () => ok(view())),
        http.post('/api/user/set_balance_alert.php', () =>
          failure(400, { message: 'x', code: 'request.validation', field }),
        ),
      );
      renderWith(<BalanceAlertCard />);
      await userEvent.type(await screen.findByLabelText('Threshold (yuan)'), '1');
      await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
      const [label, text] = fieldTexts[field];
      const message = await screen.findByText(text);
      expect(message).toBeVisible();
      const control = screen.getByLabelText(label);
      await waitFor(() => expect(control).toHaveFocus());
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
      expect(screen.queryByRole('alert')).toBeNull();
      await userEvent.type(control, '2');
      expect(control).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(text)).toBeNull();
    },
  );

  it('lists the deliveries with their state and last error', async () => {
    server.use(
      http.get('/api/user/get_balance_alert.php', () =>
        ok(
          view({
            threshold: '5.00',
            deliveries: [
              {
                id: 2,
                channel: 'webhook',
                target: 'https://h.example/p',
                state: 'failed',
                attempts: 5,
                last_error: 'answered 500',
                created_at: '2026-11-20T08:00:00.000Z',
                updated_at: '2026-11-20T08:05:00.000Z',
              },
              {
                id: 1,
                channel: 'email',
                target: 'me@example.com',
                state: 'delivered',
                attempts: 1,
                last_error: '',
                created_at: '2026-11-20T08:00:00.000Z',
                updated_at: '2026-11-20T08:00:01.000Z',
              },
            ],
          }),
        ),
      ),
    );
    renderWith(<BalanceAlertCard />);
    const table = await screen.findByTestId('alert-deliveries');
    expect(table).toHaveTextContent('Webhookhttps://h.example/pFailedanswered 5005');
    expect(table).toHaveTextContent('E-mailme@example.comDelivered1');
  });
});

describe('LowBalanceBanner', () => {
  it('shows while a charge has taken the balance below the threshold', async () => {
    server.use(
      http.get('/api/user/get_balance_alert.php', () => ok(view({ threshold: '5.00', low: true }))),
    );
    renderWith(<LowBalanceBanner />);
    expect(await screen.findByTestId('low-balance')).toHaveTextContent(
      'Your balance (¥3.50) is below your alert threshold of ¥5.00.',
    );
    expect(screen.getByRole('link', { name: 'Recharge now' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
  });

  it('stays hidden otherwise', async () => {
    let asked = false;
    server.use(
      http.get('/api/user/get_balance_alert.php', () => {
        asked = true;
        return ok(view({ threshold: '5.00', low: false }));
      }),
    );
    renderWith(<LowBalanceBanner />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByTestId('low-balance')).toBeNull();
  });
});
