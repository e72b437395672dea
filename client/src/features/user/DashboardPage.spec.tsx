import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { I18nProvider, type Lang } from '../../i18n';
import { failure, http, ok, server } from '../../test/server';
import DashboardPage from './DashboardPage';

/** The dashboard's own reads for a user whose key is `pk_test_key`. */
function dashboardAnswers() {
  server.use(
    http.get('/api/user/get_user_info.php', () =>
      ok({
        id: 7,
        username: 'alice',
        balance: '12.50',
        api_key: 'pk_test_key',
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    ),
    http.get('/api/user/get_usage.php', () =>
      ok({ days: [], top_apis: [], balance: '12.50', usual_price: null, calls_left: null }),
    ),
    http.get('/api/user/get_free_quotas.php', () => ok({ quotas: [] })),
    http.get('/api/user/get_credit.php', () =>
      ok({ credit: '0.00', credit_until: null, grants: [] }),
    ),
    http.get('/api/user/get_plan.php', () => ok({ subscription: null })),
    http.get('/api/user/get_balance_alert.php', () =>
      ok({
        threshold: null,
        email: null,
        account_email: null,
        webhook_url: null,
        webhook_secret: null,
        low: false,
        balance: '12.50',
        deliveries: [],
      }),
    ),
  );
}

function renderPage(lang: Lang = 'en') {
  render(
    <Provider store={makeStore()}>
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

describe('DashboardPage', () => {
  it('titles the default key’s card apart from the named keys’ card in 中文', async () => {
    dashboardAnswers();
    server.use(
      http.get('/api/user/get_api_keys.php', () =>
        ok({ keys: [], max_named_keys: 20, rate_limit_max: 600 }),
      ),
    );
    renderPage('zh');
    const keyCard = await screen.findByTestId('key-card');
    expect(within(keyCard).getByText('默认 API 密钥')).toBeInTheDocument();
    const keys = await screen.findByTestId('api-keys');
    expect(within(keys).getByText('API 密钥', { exact: true })).toBeInTheDocument();
  });

  it('shows the free calls left of each paid API that gives some', async () => {
    dashboardAnswers();
    server.use(
      http.get('/api/user/get_free_quotas.php', () =>
        ok({
          quotas: [
            {
              api_id: 3,
              name: '二维码生成',
              name_en: 'qrcode',
              title_en: 'QR code generator',
              limit: 3,
              period: 'day',
              used: 2,
              remaining: 1,
              resets_at: '2026-12-01T00:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderPage();
    const card = await screen.findByTestId('free-quotas');
    expect(within(card).getByRole('link', { name: 'QR code generator' })).toHaveAttribute(
      'href',
      '/api/3/qrcode',
    );
    expect(within(card).getByText('1 of 3 left today')).toBeInTheDocument();
    // The bar fills with what is left, as its text counts.
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  });

  it('leaves the free-calls card out while no API gives free calls', async () => {
    dashboardAnswers();
    renderPage();
    await screen.findByTestId('mcp-config');
    await screen.findByTestId('usage');
    expect(screen.queryByTestId('free-quotas')).toBeNull();
  });

  const CREDIT = {
    credit: '2.45',
    credit_until: '2026-12-13T10:00:00.000Z',
    grants: [
      {
        id: 2,
        amount: '2.50',
        left: '2.45',
        expired: '0.00',
        reason: 'promotion',
        note: 'Launch week',
        expires_at: '2026-12-13T10:00:00.000Z',
        created_at: '2026-12-06T10:00:00.000Z',
        closed_at: null,
      },
      {
        id: 1,
        amount: '1.00',
        left: '0.00',
        expired: '0.40',
        reason: 'admin',
        note: '',
        expires_at: '2026-12-01T10:00:00.000Z',
        created_at: '2026-11-01T10:00:00.000Z',
        closed_at: '2026-12-01T10:00:05.000Z',
      },
    ],
  };

  it.each([
    [
      'en' as const,
      'Credit',
      '¥2.45',
      'Promotion',
      '¥0.40 of it went unused',
      'From the site',
      '¥2.45 left of ¥2.50',
    ],
    [
      'zh' as const,
      '赠金',
      '¥2.45',
      '活动赠送',
      '作废 ¥0.40',
      '站点发放',
      '剩余 ¥2.45（共 ¥2.50）',
    ],
  ])(
    'shows the credit left, each grant and what expired of it (%s)',
    async (lang, title, left, promotion, expired, admin, leftOf) => {
      dashboardAnswers();
      server.use(http.get('/api/user/get_credit.php', () => ok(CREDIT)));
      renderPage(lang);
      const card = await screen.findByTestId('credit');
      expect(within(card).getByText(title)).toBeInTheDocument();
      expect(within(card).getByTestId('credit-left')).toHaveTextContent(left);
      expect(within(card).getByTestId('credit-until')).toBeInTheDocument();
      const open = within(card).getByTestId('credit-grant-2');
      expect(open).toHaveTextContent(promotion);
      expect(open).toHaveTextContent(leftOf);
      expect(open).toHaveTextContent('Launch week');
      expect(open).not.toHaveTextContent(expired);
      const closed = within(card).getByTestId('credit-grant-1');
      expect(closed).toHaveTextContent(expired);
      expect(closed).toHaveTextContent(admin);
    },
  );

  it('has a plan card leading a user without a plan to the pricing page', async () => {
    dashboardAnswers();
    renderPage();
    const card = await screen.findByTestId('plan');
    expect(within(card).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('leaves the credit card out for a user who never had credit', async () => {
    dashboardAnswers();
    renderPage();
    await screen.findByTestId('usage');
    await screen.findByTestId('mcp-config');
    expect(screen.queryByTestId('credit')).toBeNull();
  });

  it('hides the key until asked, with a placeholder in every example meanwhile', async () => {
    dashboardAnswers();
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
    renderPage();
    const config = await screen.findByTestId('mcp-config');
    const field = screen.getByRole('textbox', { name: 'API key' });
    expect(field).toHaveValue('pk_tes••••••••');
    expect(document.body).not.toHaveTextContent('pk_test_key');
    expect(JSON.parse(config.textContent ?? '')).toMatchObject({
      mcpServers: { portico: { headers: { Authorization: 'Bearer YOUR_KEY' } } },
    });
    expect(screen.getByText(/curl -H/)).toHaveTextContent('X-API-Key: YOUR_KEY');

    // Copying takes the real key and a configuration that works, shown or not.
    const copies = screen.getAllByRole('button', { name: 'Copy' });
    await user.click(copies[0]);
    await user.click(copies[1]);
    expect(copied[0]).toBe('pk_test_key');
    expect(JSON.parse(copied[1])).toEqual({
      mcpServers: {
        portico: {
          url: `${window.location.origin}/mcp`,
          headers: { Authorization: 'Bearer pk_test_key' },
        },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(field).toHaveValue('pk_test_key');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(config.textContent ?? '')).toEqual(JSON.parse(copied[1]));
    expect(screen.getByText(/claude mcp add --transport http portico/)).toHaveTextContent(
      'Authorization: Bearer pk_test_key',
    );
    expect(screen.getByText(/\?key=/)).toHaveTextContent('?key=pk_test_key');
  });

  it('greets a user who has just registered, once, and marks the key card', async () => {
    dashboardAnswers();
    sessionStorage.setItem('welcome', '1');
    renderPage();
    expect(await screen.findByText(/^Welcome, alice! Your account is ready\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByTestId('key-card')).toHaveClass('border-primary');
    expect(sessionStorage.getItem('welcome')).toBeNull();
  });

  it('asks for the second factor again before changing the key when the server wants it', async () => {
    dashboardAnswers();
    let proved = false;
    server.use(
      http.post('/api/user/change_api_key.php', () =>
        proved
          ? ok({ new_api_key: 'pk_new_key' })
          : failure(403, { code: 'auth.step_up_required', message: 'no', passkeys: false }),
      ),
      http.post('/api/user/confirm_two_factor.php', () => {
        proved = true;
        return ok(null, 'confirmed');
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change key' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Change key' }));
    await within(dialog).findByRole('heading', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('API key changed; the old key no longer works'),
    ).toBeInTheDocument();
    expect(proved).toBe(true);
  });
});
