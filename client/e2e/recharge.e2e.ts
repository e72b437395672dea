import type { BrowserContext, Page } from 'playwright-core';
import { AfdianFake, type FakeOrder } from '../../server/test/fakes/afdian-fake';
import {
  adminLogin,
  describeBrowser,
  screenshot,
  signUpAndLogIn,
  Site,
  startSite,
} from './harness';

const PASSWORD = 'recharge-pass-1';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * The page at a phone's and a desktop's width, in English and Chinese, light and dark, as
 * screenshots; at each, nothing sticks out sideways (the page is no wider than the screen).
 */
async function shootBothWays(
  context: BrowserContext,
  page: Page,
  name: string,
  langs: readonly ('en' | 'zh')[] = ['en', 'zh'],
): Promise<void> {
  const url = page.url();
  for (const lang of langs) {
    for (const theme of ['light', 'dark'] as const) {
      await context.addCookies([
        { name: 'lang', value: lang, url },
        { name: 'theme', value: theme, url },
      ]);
      await page.reload();
      await page.locator('h1').first().waitFor();
      for (const size of VIEWPORTS) {
        await page.setViewportSize(size);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await screenshot(page, `${name}-${size.width}-${lang}-${theme}`);
      }
    }
  }
  await context.addCookies([
    { name: 'lang', value: 'en', url },
    { name: 'theme', value: 'light', url },
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}

/** The signed-in user's own record, as the user centre reads it. */
async function userInfo(page: Page): Promise<{ id: number; api_key: string; balance: string }> {
  const res = await page.request.get('/api/user/get_user_info.php');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number; api_key: string; balance: string } }).data;
}

describeBrowser('recharge centre', () => {
  const fake = new AfdianFake();
  let site: Site;

  beforeAll(async () => {
    await fake.start();
    site = await startSite(fake.env());
  });
  afterAll(async () => {
    await site?.stop();
    await fake.close();
  });

  it('pays on the sponsor page, verifies the order, credits once and lists it', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'payer_one', PASSWORD);
    await page.goto('/user/recharge');
    await page.waitForFunction((prefix) => document.title.startsWith(prefix), 'Recharge centre - ');

    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('please enter the order number').waitFor();

    // The sponsor link carries this user's custom_order_id to the (fake) Afdian page.
    const sponsor = page.getByRole('link', { name: /Afdian sponsorship page/ });
    expect(await sponsor.getAttribute('href')).toMatch(
      /\/a\/portico\?custom_order_id=u\d+-[0-9a-f]{10}$/,
    );
    const [afdian] = await Promise.all([context.waitForEvent('page'), sponsor.click()]);
    await afdian.getByLabel('Amount (yuan)').fill('25.00');
    await afdian.getByRole('button', { name: 'Pay' }).click();
    const orderNumber = (await afdian.locator('#order-number').textContent())!.trim();
    await afdian.close();

    await page.getByText('No recharge records yet.').waitFor();
    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Recharge successful: ¥25.00 credited, balance now ¥25.00.').waitFor();
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥25.00');
    const history = page.getByRole('table', { name: 'Recharge history' });
    await history.getByText(orderNumber).waitFor();
    expect(await history.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'recharge-success');

    // Sent again, as after an answer that never came: it is this account's money, said so in
    // each language and theme; nothing is credited twice.
    const url = page.url();
    for (const [lang, label, button, told] of [
      [
        'en',
        'Order number',
        'Confirm',
        /^This order was credited to your account already: ¥25\.00 on /,
      ],
      ['zh', '订单号', '确认', /^该订单已充值到您的账户：.+ 到账 ¥25\.00。$/],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await context.addCookies([
          { name: 'lang', value: lang, url },
          { name: 'theme', value: theme, url },
        ]);
        await page.reload();
        await page.getByLabel(label).fill(orderNumber);
        await page.getByRole('button', { name: button }).click();
        await page.getByText(told).waitFor();
        expect(await page.getByLabel(label).inputValue()).toBe('');
        await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥25.00');
        for (const size of VIEWPORTS) {
          await page.setViewportSize(size);
          await screenshot(page, `recharge-credited-before-${size.width}-${lang}-${theme}`);
        }
      }
    }
    await context.addCookies([
      { name: 'lang', value: 'en', url },
      { name: 'theme', value: 'light', url },
    ]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await history.getByText(orderNumber).waitFor();
    expect(await history.locator('tbody tr').count()).toBe(1);

    const unpaid = fake.addOrder({ status: 1 });
    await page.getByLabel('Order number').fill(unpaid.out_trade_no);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('this order has not been paid yet').waitFor();
    await screenshot(page, 'recharge-error');
    await context.close();
  });

  it('pays on the sponsor page and comes back: the payment is found without its number', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'payer_back', PASSWORD);
    await page.goto('/user/recharge');
    const sponsor = page.getByRole('link', { name: /Afdian sponsorship page/ });
    const [afdian] = await Promise.all([context.waitForEvent('page'), sponsor.click()]);
    await afdian.getByLabel('Amount (yuan)').fill('15.00');
    await afdian.getByRole('button', { name: 'Pay' }).click();
    await afdian.locator('#order-number').waitFor();
    await afdian.close();
    // Back in the recharge tab: the page looks for the payment by itself. Headless Chromium
    // gives a tab brought to the front no focus event, which a desktop browser does.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('Payment found: ¥15.00 credited, balance now ¥15.00.').waitFor();
    await page.getByTestId('balance').getByText('¥15.00', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Recharge history' }).getByText('15.00').waitFor();

    // Nothing new a little later; Afdian's return address ?paid=1 looks by itself too.
    await page.waitForTimeout(5_100);
    await page.goto('/user/recharge?paid=1');
    await page.getByTestId('paid-none').waitFor();
    expect(page.url()).toMatch(/\/user\/recharge$/);
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥15.00');
    for (const theme of ['light', 'dark']) {
      for (const lang of ['en', 'zh']) {
        await context.addCookies([
          { name: 'lang', value: lang, url: site.url },
          { name: 'theme', value: theme, url: site.url },
        ]);
        await page.goto('/user/recharge');
        await page.getByTestId('paid-check').waitFor();
        for (const size of VIEWPORTS) {
          await page.setViewportSize(size);
          await page.waitForTimeout(150);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(size.width);
          await screenshot(page, `recharge-paid-check-${size.width}-${lang}-${theme}`);
        }
      }
    }
    await context.close();
  });

  it('keeps an unpaid order as pending; "I paid — check again" credits it once paid', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'payer_three', PASSWORD);
    await page.goto('/user/recharge');
    await page.getByText('No recharge records yet.').waitFor();
    const { id } = await userInfo(page);
    const custom = (await page.locator('dd code').textContent())!.trim();
    expect(custom).toMatch(new RegExp(`^u${id}-`));
    const order = fake.addOrder({ status: 1, total_amount: '12.50', custom_order_id: custom });

    await page.getByLabel('Order number').fill(order.out_trade_no);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('this order has not been paid yet').first().waitFor();
    const history = page.getByRole('table', { name: 'Recharge history' });
    const row = history.locator('tbody tr', { hasText: order.out_trade_no });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('Not paid yet; checked again automatically for 24 hours').waitFor();

    // Asked again before paying: still pending, said in the row.
    await row.getByRole('button', { name: 'I paid — check again' }).click();
    await row.getByRole('alert').getByText('this order has not been paid yet').waitFor();
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥0.00');
    await shootBothWays(context, page, 'recharge-pending');

    order.status = 2;
    const pendingRow = history.locator('tbody tr', { hasText: order.out_trade_no });
    await pendingRow.getByRole('button', { name: 'I paid — check again' }).click();
    await pendingRow
      .getByText('Recharge successful: ¥12.50 credited, balance now ¥12.50.')
      .waitFor();
    await pendingRow.getByText('Credited', { exact: true }).waitFor();
    expect(await pendingRow.getByRole('button').count()).toBe(0);
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥12.50');
    expect((await userInfo(page)).balance).toBe('12.50');
    await context.close();
  });

  it('queues a webhook order naming no user; the admin assigns it once in 待处理订单', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'payer_four', PASSWORD);
    const payer = await userInfo(page);
    const order = fake.addOrder({ total_amount: '8.00', remark: 'payer_four here' });
    const push = (paid: FakeOrder) =>
      fetch(`${site.url}/api/afdian/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fake.webhookPayload(paid)),
      });
    expect((await push(order)).status).toBe(200);
    const dismissable = fake.addOrder({ total_amount: '3.00' });
    expect((await push(dismissable)).status).toBe(200);

    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.getByLabel('充值管理').getByRole('link', { name: '待处理订单' }).click();
    await admin.page.getByRole('heading', { name: '待处理订单' }).waitFor();
    const row = admin.page.locator('tbody tr', { hasText: order.out_trade_no });
    await row.getByText('payer_four here').waitFor();
    await shootBothWays(admin.context, admin.page, 'admin-pending-orders', ['zh']);

    await row.getByRole('button', { name: '分配' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('查找用户').fill('payer_four');
    await dialog.getByRole('button', { name: '查找', exact: true }).click();
    await dialog.getByRole('button', { name: `payer_four（#${payer.id}）` }).click();
    expect(await dialog.getByLabel('用户 ID').inputValue()).toBe(String(payer.id));
    // Past the dialog's fade-in, so the picture shows it as the admin sees it.
    await admin.page.waitForFunction(
      () => getComputedStyle(document.querySelector('.modal')!).opacity === '1',
    );
    await screenshot(admin.page, 'admin-pending-assign');
    await dialog.getByRole('button', { name: '确认分配' }).click();
    await admin.page
      .getByText(`订单 ${order.out_trade_no} 已分配给用户 #${payer.id}，入账 ¥8.00`)
      .waitFor();
    await row.waitFor({ state: 'detached' });

    const other = admin.page.locator('tbody tr', { hasText: dismissable.out_trade_no });
    await other.getByRole('button', { name: '驳回' }).click();
    await dialog.getByLabel('驳回原因').fill('refunded on Afdian');
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await admin.page.getByText(`订单 ${dismissable.out_trade_no} 已驳回`).waitFor();
    await admin.page.getByText('暂无待处理订单。').waitFor();

    // Pushed again by Afdian, or claimed by the payer: credited once, never twice.
    await push(order);
    await page.goto('/user/recharge');
    await page.getByLabel('Order number').fill(order.out_trade_no);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/^This order was credited to your account already: ¥8\.00 on /).waitFor();
    expect((await userInfo(page)).balance).toBe('8.00');
    const history = page.getByRole('table', { name: 'Recharge history' });
    await history
      .locator('tbody tr', { hasText: order.out_trade_no })
      .getByText('Credited', { exact: true })
      .waitFor();

    await admin.page.getByLabel('充值管理').getByRole('link', { name: '充值对账' }).click();
    const days = admin.page.getByRole('table', { name: '每日对账' });
    await days.waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = days.locator('tbody tr', { hasText: today });
    expect(await todayRow.locator('td[data-label="已入账"]').textContent()).not.toBe('0');
    await admin.page.getByText(/账目一致/).waitFor();
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByRole('link', { name: '下载 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recharge-reconciliation.csv');
    await shootBothWays(admin.context, admin.page, 'admin-reconciliation', ['zh']);
    await admin.context.close();
    await context.close();
  });

  it('sends a user whose session ended to the login page, signed out', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'payer_two', PASSWORD);
    await page.goto('/user/recharge');
    await page.getByText('No recharge records yet.').waitFor();
    await context.clearCookies();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBeNull();
    await context.close();
  });
});

/** Milli-yuan as the server writes a balance: "24.999", "25.00", "24.99". */
const balanceText = (milli: number) => {
  const text = (milli / 1000).toFixed(3);
  return text.endsWith('0') && !text.endsWith('.00') ? text.slice(0, -1) : text;
};

describeBrowser('recharge on a fresh install (built-in sandbox)', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite({ AFDIAN_MODE: 'sandbox' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('register, pay on the sandbox, claim the order, call a paid API: balance down by its price', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'sandbox_payer', PASSWORD);
    await page.goto('/user/recharge');
    await page.getByTestId('sandbox-note').getByText('This is a sandbox').waitFor();
    await page.getByText('Sandbox', { exact: true }).waitFor();
    await page.getByText('No recharge records yet.').waitFor();
    await shootBothWays(context, page, 'recharge-sandbox-empty');

    // The checkout is a page of the app, in this tab; it comes back with the order credited.
    await page.getByRole('link', { name: 'the sandbox checkout' }).click();
    await page.waitForURL('**/user/recharge/sandbox');
    await page.getByRole('heading', { name: 'Sandbox checkout' }).waitFor();
    await shootBothWays(context, page, 'recharge-sandbox-checkout');
    await page.getByLabel('Or enter an amount (yuan)').fill('25.00');
    await page.getByRole('button', { name: 'Pay ¥25.00 with play money' }).click();
    await page.getByText('Recharge successful: ¥25.00 credited, balance now ¥25.00.').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/user/recharge');
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥25.00');
    const row = page.getByRole('table', { name: 'Recharge history' }).locator('tbody tr');
    await row.getByText('Credited', { exact: true }).waitFor();
    await expect(row.count()).resolves.toBe(1);
    const orderNumber = (await row.locator('.recharge-order').textContent())!.trim();
    expect(orderNumber).toMatch(/^\d{38}$/);
    await shootBothWays(context, page, 'recharge-sandbox-credited');

    // A forged sandbox number (one digit changed) is unknown; a replayed one is this account's.
    const forged = orderNumber.slice(0, -1) + ((Number(orderNumber.at(-1)) + 1) % 10);
    await page.getByLabel('Order number').fill(forged);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order not found on Afdian, check the order number.').waitFor();
    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/^This order was credited to your account already: ¥25\.00 on /).waitFor();

    const list = await page.request.get('/api/get_api_list.php?per_page=100');
    const apis = (
      (await list.json()) as {
        data: { endpoint: string; is_paid: number; price_per_call: string }[];
      }
    ).data;
    const paid = apis.find((api) => api.endpoint === '/apis/user-agent' && api.is_paid === 1)!;
    expect(paid).toBeDefined();
    const priceMilli = Math.round(Number(paid.price_per_call) * 1000);
    expect(priceMilli).toBeGreaterThan(0);

    const { api_key } = await userInfo(page);
    const call = await page.request.get('/apis/user-agent', { headers: { 'X-API-Key': api_key } });
    expect(call.status()).toBe(200);
    expect(((await call.json()) as { success: boolean }).success).toBe(true);

    const expected = balanceText(25_000 - priceMilli);
    expect((await userInfo(page)).balance).toBe(expected);
    await page.goto('/user/dashboard');
    await page.getByText(`¥${expected}`).first().waitFor();
    await context.close();
  });
});

describeBrowser('recharge without Afdian settings', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite({ AFDIAN_MODE: 'live' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps the sponsorship link and says beside it that recharge is not configured', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'unconfigured', PASSWORD);
    await page.goto('/user/recharge');
    const link = page.getByRole('link', { name: 'the Afdian sponsorship page' });
    expect(await link.getAttribute('href')).toBe('https://ifdian.net/');
    await page
      .getByTestId('not-configured')
      .getByText('Recharge is not configured on this site yet')
      .waitFor();
    expect(await page.getByText('Sandbox', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Order number').isDisabled()).toBe(true);
    await shootBothWays(context, page, 'recharge-not-configured');
    await context.close();
  });
});
