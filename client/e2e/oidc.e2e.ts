import type { Page } from 'playwright-core';
import { startOidcProvider, TEST_CLIENT, type TestProvider } from '../../server/test/oidc';
import {
  adminLogin,
  appPage,
  confirmIn,
  describeBrowser,
  shootEveryWay,
  signUpAndLogIn,
  type Site,
  startSite,
} from './harness';

const PASSWORD = 'secret-pass-1';

/** The provider's own login page (oidc-provider's): any login, any password. */
async function signInAtProvider(page: Page, provider: TestProvider, login: string) {
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

const connectedCard = (page: Page) =>
  page.locator('.card', { has: page.getByRole('heading', { name: 'Connected accounts' }) });

describeBrowser('sign-in with OpenID Connect', () => {
  let site: Site;
  let provider: TestProvider;
  beforeAll(async () => {
    site = await startSite();
    provider = await startOidcProvider([`${site.url}/api/oidc_callback.php`]);
  });
  afterAll(async () => {
    await provider?.close();
    await site?.stop();
  });

  it('is set up in the back office, then signs in, connects and signs in again', async () => {
    const { context, page: raw } = await site.newPage();
    // The provider's development pages load a web font; nothing outside loopback is reachable.
    await context.route(/fonts\.googleapis\.com/, (route) => route.abort());
    const page = appPage(raw);
    try {
      await adminLogin(page);
      await page.getByRole('link', { name: '网站配置' }).click();
      await page.getByRole('link', { name: '第三方登录（OpenID Connect）' }).click();
      await page.getByText(`${site.url}/api/oidc_callback.php`).waitFor();
      await page.getByRole('button', { name: '添加登录方式' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('名称').fill('Test IdP');
      await modal.getByLabel('Issuer 地址').fill('http://127.0.0.1:9');
      await modal.getByLabel('Client ID').fill(TEST_CLIENT.id);
      await modal.getByLabel('Client Secret').fill(TEST_CLIENT.secret);
      await modal.getByRole('button', { name: '保存' }).click();
      await modal.getByText('Issuer 地址无效或无法读取其 OpenID 配置').waitFor();
      await modal.getByLabel('Issuer 地址').fill(provider.issuer);
      await modal.getByRole('button', { name: '保存' }).click();
      await modal.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /Test IdP/ });
      await row.getByText(provider.issuer).waitFor();

      // A visitor with no account: the provider's sign-in makes one and lands in the user centre.
      const visitor = await site.newPage();
      await visitor.context.route(/fonts\.googleapis\.com/, (route) => route.abort());
      const guest = appPage(visitor.page);
      await guest.goto('/login');
      await guest.getByRole('link', { name: 'Continue with Test IdP' }).click();
      await signInAtProvider(guest, provider, 'alice');
      await guest.waitForURL('**/user/dashboard');
      const aliceCard = connectedCard(guest);
      await aliceCard.getByText('alice@idp.test').waitFor();
      await visitor.context.close();

      // A user with a password connects the provider from the user centre…
      const member = await site.newPage();
      await member.context.route(/fonts\.googleapis\.com/, (route) => route.abort());
      const user = appPage(member.page);
      await signUpAndLogIn(user, 'e2e_oidc', PASSWORD);
      const card = connectedCard(user);
      await card.getByText('No accounts are connected.').waitFor();
      await card.getByRole('button', { name: 'Connect Test IdP' }).click();
      await card.getByLabel('Current password').fill(PASSWORD);
      await card.getByRole('button', { name: 'Continue' }).click();
      await signInAtProvider(user, provider, 'e2e-dave');
      await user.waitForURL('**/user/dashboard');
      await card.getByText('e2e-dave@idp.test').waitFor();

      // …and from then on the provider signs them in, on any browser.
      const other = await site.newPage();
      await other.context.route(/fonts\.googleapis\.com/, (route) => route.abort());
      const again = appPage(other.page);
      await again.goto('/login?redirect=%2Fuser%2Faccesslogs');
      await again.getByRole('link', { name: 'Continue with Test IdP' }).click();
      await signInAtProvider(again, provider, 'e2e-dave');
      await again.waitForURL('**/user/accesslogs');
      const info = await again.evaluate(() =>
        fetch('/api/user/get_user_info.php').then((res) => res.json()),
      );
      expect(info.data.username).toBe('e2e_oidc');
      await other.context.close();

      // Removed, the link is gone from the list; the admin may delete the provider.
      await card.getByRole('button', { name: 'Remove: Test IdP' }).click();
      await card.getByText('Connection removed.').waitFor();
      await member.context.close();
      // Alice is still linked: the admin is told before deleting.
      await page.reload();
      await row.locator('td[data-label="已关联用户"]', { hasText: /^1$/ }).waitFor();
      await row.getByRole('button', { name: '删除' }).click();
      await confirmIn(
        page,
        '确定要删除登录方式「Test IdP」吗？已关联的 1 个用户将不能再用它登录（账户和密码不受影响）。',
        '删除',
      );
      await page.getByText('暂无登录方式。').waitFor();
      const login = await site.newPage();
      await appPage(login.page).goto('/login');
      await login.page.getByRole('heading', { name: 'Login' }).waitFor();
      await expect(login.page.getByRole('link', { name: /Continue with/ }).count()).resolves.toBe(
        0,
      );
      await login.context.close();
    } finally {
      await context.close();
    }
  });

  it('keeps the invite of a register link through a provider sign-up', async () => {
    const admin = await site.newPage();
    const inviter = await site.newPage();
    const visitor = await site.newPage();
    try {
      const back = appPage(admin.page);
      await adminLogin(back);
      const saved = await back.evaluate(async (issuer) => {
        const token = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch('/api/admin/save_oidc_provider.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
          body: JSON.stringify({
            name: 'Test IdP',
            issuer,
            client_id: 'portico',
            client_secret: 'portico-client-secret',
          }),
        });
        return res.status;
      }, provider.issuer);
      expect(saved).toBe(200);

      const member = appPage(inviter.page);
      await signUpAndLogIn(member, 'e2e_inviter', PASSWORD);
      await member.goto('/user/invite');
      const link = await member.getByRole('textbox', { name: 'Your invite link' }).inputValue();

      // The invitee opens the link and continues with the provider instead of a password.
      await visitor.context.route(/fonts\.googleapis\.com/, (route) => route.abort());
      const guest = appPage(visitor.page);
      await guest.goto(new URL(link, site.url).href);
      await guest.getByText('You were invited').waitFor();
      await guest.getByText('or', { exact: true }).waitFor();
      await shootEveryWay(visitor.context, guest, 'oidc-register-invited', ['en', 'zh']);
      await guest.getByRole('link', { name: 'Continue with Test IdP' }).click();
      await signInAtProvider(guest, provider, 'e2e-erin');
      await guest.waitForURL('**/user/dashboard');

      await member.reload();
      const invitees = member.getByRole('table', { name: 'People you invited' });
      await invitees.locator('tr', { hasText: 'e2***' }).waitFor();
    } finally {
      await Promise.all([admin, inviter, visitor].map(({ context }) => context.close()));
    }
  });
});
