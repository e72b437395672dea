import type { BrowserContext, Page } from 'playwright-core';
import {
  adminLogin,
  appPage,
  describeBrowser,
  register,
  shootEveryWay,
  Site,
  startSite,
} from './harness';

const PASSWORD = 'invite-pass-1';

/**
 * A browser of its own (own cookies, so its own `device`) behind the site's trusted proxy, coming
 * from `ip`: an inviter and its invitee on one address or in one browser are paid nothing.
 */
async function visitorFrom(
  site: Site,
  ip: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext({
    baseURL: site.url,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  return { context, page: appPage(await context.newPage()) };
}

/** Fills the register page a visitor is on (an invite link's) and registers as `username`. */
async function registerHere(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/user/dashboard');
}

/** Pays `amount` (yuan, "25.00") on the sandbox checkout: credited as a verified Afdian order. */
async function payOnSandbox(page: Page, amount: string): Promise<void> {
  await page.goto('/user/recharge');
  await page.getByRole('link', { name: 'the sandbox checkout' }).click();
  await page.getByLabel('Or enter an amount (yuan)').fill(amount);
  await page.getByRole('button', { name: `Pay ¥${amount} with play money` }).click();
  await page.getByText(`Recharge successful: ¥${amount} credited`).waitFor();
}

/** The signed-in user's balance, as the user centre reads it. */
async function balanceOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/user/get_user_info.php');
  return ((await res.json()) as { data: { balance: string } }).data.balance;
}

describeBrowser('invite rewards', () => {
  let site: Site;
  beforeAll(async () => {
    // Behind one trusted proxy, each browser below says its own address.
    site = await startSite({ AFDIAN_MODE: 'sandbox', TRUST_PROXY: '1' });
  });
  afterAll(() => site?.stop());

  it('rewards the inviter once the invitee’s first recharge is credited', async () => {
    const alice = await visitorFrom(site, '198.51.100.7');
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: site.url,
    });
    await register(alice.page, 'alice_inviter', PASSWORD);
    await alice.page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Invite friends' })
      .click();
    await alice.page.getByRole('heading', { name: 'Invite friends', level: 1 }).waitFor();
    await alice.page.getByText('No one has registered through your link yet.').waitFor();
    const field = alice.page.getByRole('textbox', { name: 'Your invite link' });
    const link = await field.inputValue();
    expect(link).toMatch(/\/register\?invite=[0-9A-HJKMNP-TV-Z]{10}$/);
    await alice.page.getByRole('button', { name: 'Copy' }).click();
    await alice.page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Another browser on another address follows the link and registers.
    const bob = await visitorFrom(site, '198.51.100.8');
    await bob.page.goto(link);
    await bob.page
      .getByText('You were invited — your inviter is rewarded after your first recharge.')
      .waitFor();
    await shootEveryWay(bob.context, bob.page, 'referrals-register', ['en', 'zh']);
    await registerHere(bob.page, 'bob_invited');

    await alice.page.reload();
    const invitees = alice.page.getByRole('table', { name: 'People you invited' });
    const bobRow = invitees.locator('tr', { hasText: 'bo***' });
    await bobRow.getByText('Waiting for first recharge').waitFor();
    await expect(alice.page.getByTestId('invite-invited').textContent()).resolves.toBe('1');

    // The back office turns rewards off, then on again: 5 yuan, at most 10 an inviter.
    const admin = await site.newPage();
    await adminLogin(admin.page);
    await admin.page.getByRole('link', { name: '邀请奖励' }).click();
    await admin.page.getByRole('heading', { name: '邀请奖励', level: 1 }).waitFor();
    const row = admin.page.getByRole('table', { name: '邀请记录' }).locator('tr', {
      hasText: 'bob_invited',
    });
    await row.getByText('等待首充').waitFor();
    expect(await row.textContent()).toContain('alice_inviter');
    expect(await row.textContent()).toContain('198.51.100.8');
    const reward = admin.page.getByLabel('奖励金额（元）');
    const saved = admin.page.getByRole('status').getByText('邀请奖励设置已保存');
    await reward.fill('0');
    await admin.page.getByRole('button', { name: '保存', exact: true }).click();
    await saved.waitFor();
    await alice.page.reload();
    await alice.page.getByText('Invite rewards are off at the moment.').waitFor();

    await reward.fill('5.0001');
    await admin.page.getByRole('button', { name: '保存', exact: true }).click();
    await admin.page.getByText('奖励金额须为 0 到 1000 元，最多三位小数').waitFor();
    expect(await reward.getAttribute('aria-invalid')).toBe('true');
    await reward.fill('5');
    await admin.page.getByLabel('每位邀请人最多奖励次数').fill('10');
    await admin.page.getByRole('button', { name: '保存', exact: true }).click();
    await saved.waitFor();

    await alice.page.reload();
    await alice.page
      .getByText(
        'You get ¥5.00 when someone you invite makes their first recharge, up to 10 rewards.',
      )
      .waitFor();
    const before = await balanceOf(alice.page);

    // The invitee's first recharge, paid on the sandbox and credited as an Afdian order.
    await payOnSandbox(bob.page, '25.00');
    await bob.page.getByText('balance now ¥25.00.').waitFor();

    await alice.page.reload();
    await bobRow.getByText('Rewarded ¥5.00').waitFor();
    await expect(alice.page.getByTestId('invite-rewarded').textContent()).resolves.toBe('1');
    await expect(alice.page.getByTestId('invite-earned').textContent()).resolves.toBe('¥5.00');
    expect(before).toBe('0.00');
    expect(await balanceOf(alice.page)).toBe('5.00');
    await shootEveryWay(alice.context, alice.page, 'referrals-invite', ['en', 'zh']);

    // The month's statement counts the reward as money in.
    await alice.page.goto('/user/statements');
    const referred = alice.page
      .getByTestId('statement-figures')
      .locator('[data-figure="referred"]');
    await expect(referred.locator('th').textContent()).resolves.toBe('Invite rewards');
    await expect(referred.locator('td').textContent()).resolves.toBe('+ ¥5.00');

    await admin.page.reload();
    await row.getByText('已奖励').waitFor();
    expect(await row.textContent()).toContain('¥5.00');
    await admin.page.getByText('共 1 位受邀用户，已奖励 1 位，共发放 ¥5.00').waitFor();

    // Rewards paid as credit from now on: carol's first recharge gives alice credit, not cash.
    await admin.page.getByLabel('赠金有效天数').fill('30');
    // The saved notice of the last save still shows: wait for this save's answer instead.
    await Promise.all([
      admin.page.waitForResponse((res) => res.url().endsWith('/save_referral_settings.php')),
      admin.page.getByRole('button', { name: '保存', exact: true }).click(),
    ]);
    await alice.page.goto('/user/invite');
    await alice.page
      .getByText(
        'You get ¥5.00 of credit, valid for 30 days, when someone you invite makes their first recharge, up to 10 rewards.',
      )
      .waitFor();
    const carol = await visitorFrom(site, '198.51.100.9');
    await carol.page.goto(link);
    await registerHere(carol.page, 'carol_invited');
    await payOnSandbox(carol.page, '10.00');

    await alice.page.reload();
    await invitees
      .locator('tr', { hasText: 'ca***' })
      .getByText('Rewarded ¥5.00 of credit')
      .waitFor();
    await expect(alice.page.getByTestId('invite-earned').textContent()).resolves.toBe('¥10.00');
    expect(await balanceOf(alice.page)).toBe('5.00');
    await shootEveryWay(alice.context, alice.page, 'referrals-invite-credit', ['en', 'zh']);

    await admin.page.reload();
    const carolRow = admin.page.getByRole('table', { name: '邀请记录' }).locator('tr', {
      hasText: 'carol_invited',
    });
    await carolRow.getByText('赠金', { exact: true }).waitFor();
    await admin.page
      .getByText('共 2 位受邀用户，已奖励 2 位，共发放 ¥10.00（其中赠金 ¥5.00）')
      .waitFor();
    await shootEveryWay(admin.context, admin.page, 'referrals-admin', ['zh']);

    for (const visitor of [alice, bob, carol, admin]) await visitor.context.close();
  }, 180_000);

  it('shows an invite link’s note without moving the form it arrives on', async () => {
    const note = 'You were invited — your inviter is rewarded after your first recharge.';
    const link = '/register?invite=ABCDEFGHJK';
    const viewport = { width: 390, height: 844 };
    /** Where the form's fields and button are, as laid out once the page has settled. */
    const layout = (page: Page) =>
      Promise.all(
        [page.getByLabel('Username'), page.getByRole('button', { name: 'Register' })].map(
          async (control) => (await control.boundingBox())!.y,
        ),
      );
    // The server's markup alone, as a browser lays it out before the scripts run.
    const bare = await site.browser.newContext({
      baseURL: site.url,
      viewport,
      javaScriptEnabled: false,
    });
    const before = await bare.newPage();
    await before.goto(link);
    expect(await before.getByText(note).count()).toBe(0);
    const served = await layout(before);
    await bare.close();

    const context = await site.browser.newContext({ baseURL: site.url, viewport });
    const page = appPage(await context.newPage());
    await page.goto(link);
    await page.getByText(note).waitFor();
    expect(await layout(page)).toEqual(served);
    // Last in the card: under the way to sign in instead.
    const signIn = (await page.getByText('Already registered?').boundingBox())!;
    expect((await page.getByText(note).boundingBox())!.y).toBeGreaterThan(signIn.y);
    await context.close();
  });
});
