import type { Page } from 'playwright-core';
import { startSmtp, type TestSmtp } from '../../server/test/smtp';
import { adminLogin, describeBrowser, Site, startSite } from './harness';

const PASSWORD = 'secret-pass-1';
const NEW_PASSWORD = 'secret-pass-2';
const ADMIN_SET_PASSWORD = 'secret-pass-3';

/** The link to `page` in a mail's text. */
function linkIn(text: string, page: string): string {
  const match = new RegExp(`https?://\\S+${page}#token=[A-Za-z0-9_-]{43}`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  return match[0];
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user/dashboard');
}

describeBrowser('password reset and e-mail address over real SMTP', () => {
  let site: Site;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    site = await startSite((url) => ({ SMTP_URL: smtp.url, PUBLIC_URL: url }));
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  it('registers with an address, confirms it by its link, and resets a forgotten password', async () => {
    const owner = await site.newPage();
    const elsewhere = await site.newPage();
    const stranger = await site.newPage();
    try {
      const { page } = owner;
      const email = 'reset-owner@portico.test';
      await page.goto('/register');
      await page.getByLabel('Username').fill('e2e_forgetful');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByLabel('E-mail (optional)').fill(email);
      await page.getByRole('button', { name: 'Register' }).click();
      // Signed in at once (the site does not require the address), and told a link went out.
      await page.waitForURL('**/user/dashboard');
      await page
        .getByText('We sent a link to confirm your e-mail address.', { exact: false })
        .waitFor();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      const confirmation = await smtp.next(email);
      expect(confirmation.subject).toBe('Confirm your e-mail address for Portico API');
      await page.goto(linkIn(confirmation.text, '/confirm-email'));
      await page.getByText(`${email} is now your account’s e-mail address.`).waitFor();
      expect(new URL(page.url()).hash).toBe('');

      await logIn(elsewhere.page, 'e2e_forgetful', PASSWORD);
      await elsewhere.page.getByText(`Confirmed address: ${email}`).waitFor();

      // Someone else asking for the owner's name gets the same answer as for nobody.
      const asked = smtp.mails.length;
      await stranger.page.goto('/forgot-password');
      await stranger.page.getByLabel('Username or e-mail address').fill('nobody_at_all');
      await stranger.page.getByRole('button', { name: 'Send reset link' }).click();
      const generic = await stranger.page.getByRole('status').textContent();

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByLabel('Username or e-mail address').fill(email.toUpperCase());
      await page.getByRole('button', { name: 'Send reset link' }).click();
      expect(await page.getByRole('status').textContent()).toBe(generic);

      const resetMail = await smtp.next(email, asked);
      expect(smtp.mails.slice(asked).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(1);
      await page.goto(linkIn(resetMail.text, '/reset-password'));
      await page.getByText('For the account e2e_forgetful.').waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.waitForURL('**/login');
      await page.getByText('Your password has been reset. Log in with the new one.').waitFor();
      await logIn(page, 'e2e_forgetful', NEW_PASSWORD);

      // The other browser was signed out by the reset.
      await elsewhere.page.reload();
      await elsewhere.page.waitForURL('**/login**');

      // The link worked once.
      await stranger.page.goto(linkIn(resetMail.text, '/reset-password'));
      await stranger.page
        .getByRole('alert')
        .getByText('This reset link is invalid, already used or expired.')
        .waitFor();
    } finally {
      for (const { context } of [owner, elsewhere, stranger]) await context.close();
    }
  });

  it('lets an administrator hand a user without e-mail a one-time link', async () => {
    const admin = await site.newPage();
    const user = await site.newPage();
    try {
      await user.page.goto('/register');
      await user.page.getByLabel('Username').fill('e2e_no_mail');
      await user.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await user.page.getByLabel('Confirm password').fill(PASSWORD);
      await user.page.getByRole('button', { name: 'Register' }).click();
      await user.page.waitForURL('**/user/dashboard');
      await user.page.getByRole('button', { name: 'Logout' }).click();
      await user.page.waitForURL((url) => url.pathname === '/');

      await adminLogin(admin.page);
      await admin.page.goto('/admin/users');
      const row = admin.page.getByRole('row').filter({ hasText: 'e2e_no_mail' });
      await row.getByRole('button', { name: '重置密码' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByRole('button', { name: '生成链接' }).click();
      const link = await dialog.getByLabel(/一次性链接/).inputValue();
      expect(link).toMatch(new RegExp(`^${site.url}/reset-password#token=`));

      await user.page.goto(link);
      await user.page.getByText('For the account e2e_no_mail.').waitFor();
      await user.page.getByLabel('New password', { exact: true }).fill(ADMIN_SET_PASSWORD);
      await user.page.getByLabel('Confirm new password').fill(ADMIN_SET_PASSWORD);
      await user.page.getByRole('button', { name: 'Set new password' }).click();
      await user.page.waitForURL('**/login');
      await logIn(user.page, 'e2e_no_mail', ADMIN_SET_PASSWORD);
    } finally {
      await admin.context.close();
      await user.context.close();
    }
  });
});
