import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { appPage, describeBrowser, signUpAndLogIn, Site, startSite } from './harness';

const PASSWORD = 'secret-pass-1';

/** A browser on `localhost`: WebAuthn refuses IP addresses as relying-party IDs. */
interface Device {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * A fresh browser with Chromium's virtual platform authenticator (CDP WebAuthn domain): it makes
 * and signs passkeys as a phone's would, with user verification and presence answered at once.
 */
async function device(site: Site): Promise<Device> {
  const context = await site.browser.newContext({
    baseURL: site.url.replace('127.0.0.1', 'localhost'),
    viewport: { width: 1280, height: 900 },
  });
  const page = appPage(await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, cdp, authenticatorId };
}

/** The passkeys one device holds, copied into another (a synced passkey, or the same phone). */
async function copyPasskeys(from: Device, to: Device): Promise<number> {
  const { credentials } = await from.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: from.authenticatorId,
  });
  for (const credential of credentials) {
    await to.cdp.send('WebAuthn.addCredential', {
      authenticatorId: to.authenticatorId,
      credential,
    });
  }
  return credentials.length;
}

const passkeysCard = (page: Page) =>
  page.locator('.card', { has: page.getByRole('heading', { name: 'Passkeys' }) });

describeBrowser('passkeys', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('adds a passkey, signs in with it alone, and finishes a two-factor sign-in with it', async () => {
    const phone = await device(site);
    const laptop = await device(site);
    const tablet = await device(site);
    try {
      const { page } = phone;
      await signUpAndLogIn(page, 'e2e_passkey', PASSWORD);
      const card = passkeysCard(page);
      await card.getByText('You have no passkeys yet.').waitFor();
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByLabel('Current password').fill('wrong-password');
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByText('The current password is incorrect.').waitFor();
      await card.getByLabel('Current password').fill(PASSWORD);
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByText('Passkey added. You can now sign in with it.').waitFor();
      const listed = card.getByTestId('passkeys').locator('.list-group-item');
      // The list is asked for again after the add: wait for it rather than count at once.
      await listed.first().waitFor();
      await expect(listed.count()).resolves.toBe(1);
      await expect(listed.first().textContent()).resolves.toMatch(/^Chrome · Linux.*not used yet/);
      expect(await copyPasskeys(phone, laptop)).toBe(1);

      // On another device holding the passkey: no username, no password.
      await laptop.page.goto('/login');
      await laptop.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await laptop.page.waitForURL('**/user/dashboard');
      await passkeysCard(laptop.page)
        .getByText(/last used/)
        .waitFor();

      // With two-factor on, the password step is finished by the passkey instead of a code.
      const twoFactor = page.locator('.card', {
        has: page.getByRole('heading', { name: 'Two-factor authentication' }),
      });
      await twoFactor.getByLabel('Current password').fill(PASSWORD);
      await twoFactor.getByRole('button', { name: 'Turn on' }).click();
      const secret = (await twoFactor.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      await twoFactor
        .getByLabel('Authentication code')
        .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
      await twoFactor.getByRole('button', { name: 'Confirm and turn on' }).click();
      await twoFactor.getByRole('button', { name: 'I have saved them' }).click();

      // Copied from the laptop, whose signature count is the latest the site has seen: an
      // authenticator counting below it looks cloned and is refused.
      await copyPasskeys(laptop, tablet);
      await tablet.page.goto('/login');
      await tablet.page.getByLabel('Username').fill('e2e_passkey');
      await tablet.page.getByLabel('Password').fill(PASSWORD);
      await tablet.page.getByRole('button', { name: 'Login' }).click();
      await tablet.page.getByRole('button', { name: 'Use a passkey' }).click();
      await tablet.page.waitForURL('**/user/dashboard');

      // Removed, the passkey signs no one in any more.
      await card.getByRole('button', { name: /^Remove: / }).click();
      await card.getByText('Passkey removed.').waitFor();
      await card.getByText('You have no passkeys yet.').waitFor();
      const fresh = await device(site);
      try {
        await copyPasskeys(tablet, fresh);
        await fresh.page.goto('/login');
        await fresh.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await fresh.page
          .getByText('This passkey could not sign you in. Try again or use your password.')
          .waitFor();
        expect(fresh.page.url()).toMatch(/\/login$/);
      } finally {
        await fresh.context.close();
      }
    } finally {
      await Promise.all([phone, laptop, tablet].map((d) => d.context.close()));
    }
  });
});
