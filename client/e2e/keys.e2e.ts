import {
  ADMIN,
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  signUpAndLogIn,
  Site,
  siteCall,
  startSite,
} from './harness';

const PASSWORD = 'keys-pass-1';
const AUDIT_PATH = '/admin/audit?action=reveal_key';

describeBrowser('API keys in the user centre and the admin user list', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('creates a limited key, shows its secret once, uses it, and revokes it', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'keys_user', PASSWORD);
    const card = page.getByTestId('api-keys');
    await card.getByRole('button', { name: 'New key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('CI server');
    await dialog.getByLabel('Rate limit (calls per minute)').fill('30');
    await dialog.getByLabel('Daily spending cap (yuan)').fill('1.5');
    await dialog.getByLabel('Allowed addresses').fill('127.0.0.1\n10.0.0.0/8');
    // The allowed APIs are found by a search of the catalogue and ticked.
    await dialog.getByLabel('Allowed APIs').fill('uuid');
    await dialog.getByRole('checkbox', { name: /\(uuid\)/ }).check();
    await dialog.getByRole('button', { name: /^Remove / }).waitFor();
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await screenshot(page, `keys-form-en-light-${size.width}`);
    }
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByTestId('new-key-secret').inputValue();
    expect(secret).toMatch(/^pk_/);
    await screenshot(page, 'keys-secret-1280');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByTestId('new-key-secret').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);

    // The new key calls the gateway (free built-in) and its last use shows after a reload.
    const call = await context.request.get(`${site.url}/apis/uuid`, {
      headers: { 'x-api-key': secret },
    });
    expect(call.status()).toBe(200);
    expect(call.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForTimeout(1500);
    await page.reload({ waitUntil: 'networkidle' });
    const row = page.locator('[data-testid^="api-key-"]', { hasText: 'CI server' });
    await row.getByText(/Last used .* from 127\.0\.0\.1/).waitFor();
    expect(await row.textContent()).toContain('30 calls/min');

    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await screenshot(page, `keys-card-en-light-${size.width}`);
    }
    await context.addCookies([
      { name: 'lang', value: 'zh', url: site.url },
      { name: 'theme', value: 'dark', url: site.url },
    ]);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('api-keys').getByText('API 密钥', { exact: true }).waitFor();
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await screenshot(page, `keys-card-zh-dark-${size.width}`);
    }
    await row.getByRole('button', { name: '编辑' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^移除 / })
      .waitFor();
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await screenshot(page, `keys-form-zh-dark-${size.width}`);
    }
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await context.addCookies([{ name: 'lang', value: 'en', url: site.url }]);
    await page.reload({ waitUntil: 'networkidle' });

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    const after = await context.request.get(`${site.url}/apis/uuid`, {
      headers: { 'x-api-key': secret },
    });
    expect(after.status()).toBe(401);
    await context.close();
  });

  it('lets the admin reveal a user’s default key and lists the reveal in 操作日志', async () => {
    const { context: userContext, page: userPage } = await site.newPage();
    await signUpAndLogIn(userPage, 'reveal_user', PASSWORD);
    const me = await siteCall(userContext, site.url, '/api/user/get_user_info.php');
    await userContext.close();

    const { page } = await site.newPage();
    await page.goto('/MiloraAPI/admin/lg');
    await page.getByLabel('用户名').fill(ADMIN.username);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: '仪表盘' }).waitFor();
    await page.goto('/admin/users?search=reveal_user', { waitUntil: 'networkidle' });
    const cell = page.getByTestId(`user-key-${me.data.id}`);
    const hint = `${me.data.api_key.slice(0, 6)}...${me.data.api_key.slice(-4)}`;
    expect(await cell.textContent()).toBe(hint);
    await page.getByRole('button', { name: '显示' }).click();
    await cell.getByText(me.data.api_key, { exact: true }).waitFor();
    for (const size of PHONE_AND_DESKTOP) {
      await page.setViewportSize(size);
      await screenshot(page, `admin-users-reveal-${size.width}`);
    }
    await page.goto(AUDIT_PATH, { waitUntil: 'networkidle' });
    await page.getByRole('cell', { name: '查看 API Key' }).first().waitFor();
    await screenshot(page, 'admin-audit-reveal-1280');
  });
});
