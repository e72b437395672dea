import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describeBrowser, signUpAndLogIn, Site, startSite } from './harness';

const PASSWORD = 'secret-pass-1';

/** What an authenticator app holding `secret` shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
}

describeBrowser('two-factor sign-in', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('turns on with an app code, then signs in with a code and with a recovery code', async () => {
    const first = await site.newPage();
    const second = await site.newPage();
    try {
      const { page } = first;
      await signUpAndLogIn(page, 'e2e_totp', PASSWORD);
      const card = page.locator('.card', { has: page.getByText('Two-factor authentication') });
      await card.getByLabel('Current password').fill(PASSWORD);
      await card.getByRole('button', { name: 'Turn on' }).click();
      const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await card.getByLabel('Authentication code').fill(codeAt(secret));
      await card.getByRole('button', { name: 'Confirm and turn on' }).click();
      await card.getByTestId('recovery-codes').waitFor();
      const codes = await card.getByTestId('recovery-codes').locator('li').allTextContents();
      expect(codes).toHaveLength(10);
      await card.getByRole('button', { name: 'I have saved them' }).click();
      await card.getByText('Recovery codes left: 10.').waitFor();

      await passwordStep(second.page, 'e2e_totp');
      await second.page.getByLabel('Authentication code').fill(codeAt(secret, 1));
      await second.page.getByRole('button', { name: 'Verify' }).click();
      await second.page.waitForURL('**/user/dashboard');

      const { context: thirdContext, page: third } = await site.newPage();
      await passwordStep(third, 'e2e_totp');
      await third.getByLabel('Authentication code').fill(codes[0].toUpperCase());
      await third.getByRole('button', { name: 'Verify' }).click();
      await third.waitForURL('**/user/dashboard');
      await third
        .locator('.card', { has: third.getByText('Two-factor authentication') })
        .getByText('Recovery codes left: 9.')
        .waitFor();
      await thirdContext.close();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
