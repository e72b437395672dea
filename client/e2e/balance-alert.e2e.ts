import {
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  signUpAndLogIn,
  Site,
  startSite,
} from './harness';

const TEXTS = {
  en: {
    threshold: 'Threshold (yuan)',
    webhook: 'Webhook URL (https)',
    save: 'Save alert',
    invalid: 'The webhook URL must start with https:// and carry no user name or password.',
    private: 'The webhook URL must not point at a private or local address.',
  },
  zh: {
    threshold: '阈值（元）',
    webhook: 'Webhook 地址（https）',
    save: '保存提醒',
    invalid: 'Webhook 地址须以 https:// 开头，且不能包含用户名或密码',
    private: 'Webhook 地址不能指向内网或本机地址',
  },
} as const;

describeBrowser('low-balance alert: a refused webhook URL', () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('names why at the webhook field, in English and Chinese, light and dark', async () => {
    const { context, page } = await site.newPage();
    await signUpAndLogIn(page, 'alert_user', 'alert-pass-1');
    for (const lang of ['en', 'zh'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await context.addCookies([
          { name: 'lang', value: lang, url: site.url },
          { name: 'theme', value: theme, url: site.url },
        ]);
        for (const viewport of PHONE_AND_DESKTOP) {
          const text = TEXTS[lang];
          await page.setViewportSize(viewport);
          await page.goto('/user/dashboard', { waitUntil: 'networkidle' });
          await page.getByLabel(text.threshold).fill('1.00');
          const webhook = page.getByLabel(text.webhook);
          await webhook.fill('http://hooks.example.com/portico');
          await page.getByRole('button', { name: text.save }).click();
          await page.getByText(text.invalid).waitFor();
          await webhook.fill('https://10.0.0.8/portico');
          await page.getByRole('button', { name: text.save }).click();
          await page.getByText(text.private).waitFor();
          expect(await webhook.getAttribute('class')).toContain('is-invalid');
          await page.getByTestId('balance-alert').scrollIntoViewIfNeeded();
          await screenshot(page, `alert-webhook-${viewport.width}-${lang}-${theme}`);
        }
      }
    }
    await context.close();
  });
});
