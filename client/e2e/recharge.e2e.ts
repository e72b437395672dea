import type { Page } from 'playwright-core';
import { AfdianFake } from '../../server/test/fakes/afdian-fake';
import { describeBrowser, screenshot, Site, startSite } from './harness';

const PASSWORD = 'recharge-pass-1';

/** Registers and signs in through the site's own pages. */
async function signUpAndLogIn(page: Page, username: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user/dashboard');
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
    await signUpAndLogIn(page, 'payer_one');
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

    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('this order has already been used').waitFor();
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('¥25.00');

    const unpaid = fake.addOrder({ status: 1 });
    await page.getByLabel('Order number').fill(unpaid.out_trade_no);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('this order has not been paid yet').waitFor();
    await screenshot(page, 'recharge-error');
    await context.close();
  });

  it('sends a user whose session ended to the login page, signed out', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'payer_two');
    await page.goto('/user/recharge');
    await page.getByText('No recharge records yet.').waitFor();
    await context.clearCookies();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => sessionStorage.getItem('isLoggedIn'))).toBeNull();
    await context.close();
  });
});
