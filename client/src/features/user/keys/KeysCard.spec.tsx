import type { ApiKeyView } from '@contracts/api-keys';
import { KEY_FIELDS } from '@contracts/api-keys';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import KeysCard from './KeysCard';

const base: ApiKeyView = {
  id: 1,
  name: '',
  is_default: true,
  hint: 'pk_abc...wxyz',
  status: 'active',
  expires_at: null,
  allowed_apis: null,
  allowed_api_names: null,
  allowed_ips: null,
  rate_limit: null,
  daily_cap: null,
  monthly_cap: null,
  spent_today: null,
  spent_this_month: null,
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const named: ApiKeyView = {
  ...base,
  id: 2,
  name: 'CI server',
  is_default: false,
  hint: 'pk_def...1234',
  allowed_ips: ['10.0.0.0/8'],
  rate_limit: 30,
  daily_cap: '1.50',
  spent_today: '0.25',
  spent_this_month: '3.00',
  last_used_at: '2026-02-01T08:00:00.000Z',
  last_used_ip: '10.1.2.3',
};

function renderCard() {
  render(
    <Provider store={makeStore()}>
      <KeysCard />
    </Provider>,
  );
}

describe('KeysCard', () => {
  let searches: string[];
  beforeEach(() => {
    searches = [];
    server.use(
      // The catalogue's search: the first page, or the one API whose name has the text.
      http.get('/api/get_api_list.php', ({ request }) => {
        const params = new URL(request.url).searchParams;
        searches.push(params.toString());
        const data = params.get('search')
          ? [{ id: 1234, name: '农历', name_en: 'lunar' }]
          : [{ id: 7, name: '天气', name_en: 'weather', title_en: 'Weather' }];
        return Response.json({
          success: true,
          message: 'ok',
          data,
          total: 1,
          total_pages: 1,
          current_page: 1,
        });
      }),
    );
  });

  it('lists the keys with their limits, spend and last use, never a secret', async () => {
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base, named], max_named_keys: 20, rate_limit_max: 600 }),
      ),
    );
    renderCard();
    const row = await screen.findByTestId('api-key-2');
    expect(row).toHaveTextContent('CI server');
    expect(row).toHaveTextContent('pk_def...1234');
    expect(row).toHaveTextContent('from 10.0.0.0/8 · 30 calls/min · ¥1.50 a day');
    expect(row).toHaveTextContent('Spent today ¥0.25, this month ¥3.00');
    expect(row).toHaveTextContent('from 10.1.2.3');
    const defaultRow = screen.getByTestId('api-key-1');
    expect(defaultRow).toHaveTextContent('Default key');
    expect(within(defaultRow).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('creates a key with its settings and shows the secret once', async () => {
    let sent: unknown;
    let keys = [base];
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys, max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', async ({ request }) => {
        sent = await request.json();
        keys = [base, { ...named, id: 3, name: 'bot' }];
        return ok({ key: keys[1], secret: 'pk_the_secret_shown_once' });
      }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    // The dialog is named by its title, so a screen reader says what opened.
    expect(screen.getByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'bot');
    await user.type(screen.getByLabelText('Allowed addresses'), '10.0.0.0/8\n::1');
    await user.type(screen.getByLabelText('Daily spending cap (yuan)'), '2.5');
    // Any API of the catalogue can be found by a search, not only the first page; the English
    // page names an API by its English title where it has one.
    await user.click(await screen.findByLabelText('Weather (weather)'));
    await user.type(screen.getByLabelText('Allowed APIs'), 'lun');
    await user.click(await screen.findByLabelText('农历 (lunar)'));
    expect(searches).toContain('per_page=20&search=lun');
    await user.click(screen.getByRole('button', { name: 'Remove Weather' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-key-secret')).toHaveValue('pk_the_secret_shown_once');
    expect(sent).toEqual({
      name: 'bot',
      expires_at: null,
      allowed_apis: [1234],
      allowed_ips: ['10.0.0.0/8', '::1'],
      rate_limit: null,
      daily_cap: '2.5',
      monthly_cap: null,
    });
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('new-key-secret')).toBeNull());
    expect(await screen.findByTestId('api-key-3')).not.toHaveTextContent('pk_the_secret');
  });

  it('asks for the second factor again when the server wants it, then creates the key', async () => {
    let proved = false;
    const confirmations: unknown[] = [];
    let keys = [base];
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys, max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', () => {
        if (!proved) {
          return failure(403, { code: 'auth.step_up_required', message: 'no', passkeys: false });
        }
        keys = [base, { ...named, id: 3, name: 'bot' }];
        return ok({ key: keys[1], secret: 'pk_after_step_up' });
      }),
      http.post('/api/user/confirm_two_factor.php', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        confirmations.push(body);
        if (body.code !== '123456') {
          return failure(400, { code: 'auth.two_factor_failed', field: 'code', message: 'no' });
        }
        proved = true;
        return ok(null, 'confirmed');
      }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    await user.type(screen.getByLabelText('Name'), 'bot');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The code is wrong, already used or expired.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('new-key-secret')).toHaveValue('pk_after_step_up');
    expect(confirmations).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('shows the server’s refusal in the form, on its field', async () => {
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', () =>
        failure(400, { code: 'keys.ip_invalid', message: 'x', field: 'allowed_ips' }),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    // The dialog is named by its title, so a screen reader says what opened.
    expect(screen.getByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'bot');
    await user.type(screen.getByLabelText('Allowed addresses'), '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('An allowed IP is not a valid IPv4/IPv6 address or CIDR.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Allowed addresses')).toHaveClass('is-invalid');
    expect(screen.getByLabelText('Allowed addresses')).toHaveFocus();
  });

  // Every field the create call reads (the server's DTO, held by KEY_FIELDS) lands on a control
  // that says what it asks for, takes the focus and names its message; no banner.
  const fieldTexts: Record<(typeof KEY_FIELDS)[number], string> = {
    name: 'Enter a name of 1 to 50 characters.',
    expires_at: 'Enter a date and time, or leave it empty for a key that never expires.',
    allowed_apis: 'Choose at most 100 APIs, or none for every API.',
    allowed_ips: 'List at most 50 IPv4/IPv6 addresses or CIDR ranges, one a line.',
    rate_limit: 'Enter a whole number of calls a minute, at least 1, or leave it empty.',
    daily_cap: 'Enter an amount in yuan such as 10 or 2.5 (at most 3 decimals), or leave it empty.',
    monthly_cap:
      'Enter an amount in yuan such as 10 or 2.5 (at most 3 decimals), or leave it empty.',
  };
  it.each(KEY_FIELDS)('says at the %s control what a refusal of it means', async (field) => {
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', () =>
        failure(400, { code: 'request.validation', message: 'x', field }),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    await user.type(screen.getByLabelText('Name'), 'bot');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const message = await screen.findByText(fieldTexts[field]);
    const control = document.getElementById(`key-${field}`)!;
    expect(control).toHaveFocus();
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('A field is invalid.')).toBeNull();
  });

  it('checks the name, rate limit and caps before asking the server', async () => {
    let asked = 0;
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', () => {
        asked += 1;
        return failure(500, { code: 'server.internal', message: 'x' });
      }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const create = screen.getByRole('button', { name: 'Create key' });
    await user.click(create);
    expect(screen.getByText(fieldTexts.name)).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'bot');
    expect(screen.queryByText(fieldTexts.name)).toBeNull();
    await user.type(screen.getByLabelText('Rate limit (calls per minute)'), '0');
    await user.click(create);
    expect(screen.getByText(fieldTexts.rate_limit)).toBeVisible();
    await user.clear(screen.getByLabelText('Rate limit (calls per minute)'));
    await user.type(screen.getByLabelText('Monthly spending cap (yuan)'), '2.5555');
    await user.click(create);
    expect(screen.getByLabelText('Monthly spending cap (yuan)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText(fieldTexts.monthly_cap)).toBeVisible();
    expect(asked).toBe(0);
  });

  it('shows a refusal of no field beside the buttons', async () => {
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', () =>
        failure(409, { code: 'keys.too_many', message: 'x' }),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    await user.type(screen.getByLabelText('Name'), 'bot');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const banner = await screen.findByRole('alert');
    // Last in the form's body, just above the Create button, however long the form scrolls.
    expect(banner.nextElementSibling).toBeNull();
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('marks the name when another key has it', async () => {
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/create_api_key.php', () =>
        failure(409, { code: 'keys.name_taken', message: 'x', field: 'name' }),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    await user.type(screen.getByLabelText('Name'), 'bot');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('You already have a key with this name; choose another.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveClass('is-invalid');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('edits only what changed and revokes after asking', async () => {
    let updated: unknown;
    let revoked: unknown;
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base, named], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/update_api_key.php', async ({ request }) => {
        updated = await request.json();
        return ok({ ...named, rate_limit: 60 });
      }),
      http.post('/api/user/revoke_api_key.php', async ({ request }) => {
        revoked = await request.json();
        return ok({ ...named, status: 'revoked' });
      }),
    );
    const user = userEvent.setup();
    renderCard();
    const row = await screen.findByTestId('api-key-2');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit API key' })).toBeInTheDocument();
    const rate = screen.getByLabelText('Rate limit (calls per minute)');
    await user.clear(rate);
    await user.type(rate, '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updated).toEqual({ id: 2, rate_limit: 60 }));
    expect(await screen.findByText('Key “CI server” saved.')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toEqual({ id: 2 }));
    expect(await screen.findByText('Key “CI server” revoked.')).toBeInTheDocument();
  });

  it("keeps a key's rate limit at or below the site's, and shows its chosen APIs", async () => {
    let updates = 0;
    const narrow = {
      ...named,
      allowed_apis: [1234],
      allowed_api_names: [{ id: 1234, name: '农历', name_en: 'lunar' }],
    };
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base, narrow], max_named_keys: 20, rate_limit_max: 600 }),
      ),
      http.post('/api/user/update_api_key.php', () => {
        updates += 1;
        return ok(narrow);
      }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(
      within(await screen.findByTestId('api-key-2')).getByRole('button', { name: 'Edit' }),
    );
    expect(screen.getByRole('button', { name: 'Remove 农历' })).toBeInTheDocument();
    expect(screen.getByText(/the site’s limit, 600 a minute/)).toBeInTheDocument();
    const rate = screen.getByLabelText('Rate limit (calls per minute)');
    expect(rate).toHaveAttribute('max', '600');
    await user.clear(rate);
    await user.type(rate, '601');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The rate limit may be at most 600 calls a minute.'),
    ).toBeInTheDocument();
    expect(rate).toHaveClass('is-invalid');
    expect(updates).toBe(0);
  });

  it('turns the create button off at 20 named keys', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...named, id: 10 + i }));
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [base, ...many], max_named_keys: 20, rate_limit_max: 600 }),
      ),
    );
    renderCard();
    expect(await screen.findByRole('button', { name: 'New key' })).toBeDisabled();
    expect(screen.getByText(/You have 20 named keys/)).toBeInTheDocument();
  });
});
