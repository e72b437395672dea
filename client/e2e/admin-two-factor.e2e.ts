import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { ADMIN, ADMIN_LOGIN_PATH, describeBrowser, Site, startSite } from './harness';

/** What an authenticator app holding `secret` shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function passwordStep(page: Page, admin: { username: string; password: string }) {
  await page.goto(ADMIN_LOGIN_PATH);
  await page.getByLabel('用户名').fill(admin.username);
  await page.getByLabel('密码').fill(admin.password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** On the card: the password, the QR code's secret, a first code; answers secret and codes. */
async function turnOn(page: Page, password: string) {
  const card = page.locator('.card', { has: page.getByRole('heading', { name: '两步验证' }) });
  await card.getByLabel('登录密码').fill(password);
  await card.getByRole('button', { name: '开启两步验证' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await card.getByLabel('6 位验证码').fill(codeAt(secret));
  await card.getByRole('button', { name: '确认开启' }).click();
  await card.getByTestId('recovery-codes').waitFor();
  const codes = await card.getByTestId('recovery-codes').locator('li').allTextContents();
  expect(codes).toHaveLength(10);
  await card.getByRole('button', { name: '我已保存' }).click();
  return { secret, codes };
}

describeBrowser('administrators’ two-factor sign-in', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('turns on for an admin, asks for the code at sign-in, and is required of the next admin', async () => {
    const first = await site.newPage();
    const second = await site.newPage();
    try {
      const { page } = first;
      await passwordStep(page, ADMIN);
      await page.getByRole('heading', { name: '仪表盘' }).waitFor();
      await page.getByRole('link', { name: '修改密码' }).click();
      const { secret } = await turnOn(page, ADMIN.password);
      await page.getByText('已开启。剩余 10 个恢复码。').waitFor();

      // Required of every administrator, by one who has it.
      await page.getByRole('link', { name: '网站配置' }).click();
      const required = page.getByLabel('要求管理员开启两步验证');
      await required.check();
      await page.getByRole('button', { name: '保存配置' }).click();
      await page.getByText('保存成功').waitFor();

      // The same admin elsewhere: the password, then the code.
      await passwordStep(second.page, ADMIN);
      await second.page.getByText(/此管理员账号已开启两步验证/).waitFor();
      await second.page.getByLabel('验证码').fill('000000');
      await second.page.getByRole('button', { name: '验证' }).click();
      await second.page.getByText('验证码错误、已使用或已过期').waitFor();
      await second.page.getByLabel('验证码').fill(codeAt(secret, 1));
      await second.page.getByRole('button', { name: '验证' }).click();
      await second.page.getByRole('heading', { name: '仪表盘' }).waitFor();
    } finally {
      await first.context.close();
      await second.context.close();
    }

    // An administrator without it reaches only the set-up, then the back office.
    const output = await site.adminCommand('create', 'e2e_second_admin');
    const password = /^\|\s+(\S+)\s+\|$/m.exec(output)![1];
    const third = await site.newPage();
    try {
      const { page } = third;
      await passwordStep(page, { username: 'e2e_second_admin', password });
      await page.getByRole('heading', { name: '开启两步验证' }).waitFor();
      expect(await page.getByLabel('管理导航').count()).toBe(0);
      await turnOn(page, password);
      await page.getByRole('heading', { name: '仪表盘' }).waitFor();
      await page.getByLabel('管理导航').waitFor();
    } finally {
      await third.context.close();
    }
  });
});
