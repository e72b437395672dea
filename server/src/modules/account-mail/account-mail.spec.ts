import type { SiteConfigService } from '../config';
import type { Mail, Mailer } from '../mail';
import { AccountMail, SHUTDOWN_WAIT_MS } from './account-mail';

const SETUP = { base: 'https://portico.example', site: 'Portico', lang: 'en' as const };

/** A mailer whose sends settle only when the test says so. */
function slowMailer() {
  const sent: Mail[] = [];
  let finish: () => void = () => {};
  const mailer = {
    configured: true,
    send: (mail: Mail) => {
      sent.push(mail);
      return new Promise<void>((done) => {
        finish = done;
      });
    },
  } as unknown as Mailer;
  return { mailer, sent, finish: () => finish() };
}

describe('AccountMail', () => {
  afterEach(() => jest.useRealTimers());

  it('lets a mail in flight finish when the app stops', async () => {
    const { mailer, sent, finish } = slowMailer();
    const mail = new AccountMail(mailer, {} as SiteConfigService);
    mail.send(SETUP, 'a@portico.test', 'alice', { kind: 'email_changed', email: 'b@portico.test' });
    expect(sent).toHaveLength(1);
    let stopped = false;
    const stopping = mail.onModuleDestroy().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('stops after SHUTDOWN_WAIT_MS when the SMTP server hangs', async () => {
    jest.useFakeTimers();
    const { mailer } = slowMailer();
    const mail = new AccountMail(mailer, {} as SiteConfigService);
    mail.send(SETUP, 'a@portico.test', 'alice', { kind: 'email_changed', email: 'b@portico.test' });
    let stopped = false;
    const stopping = mail.onModuleDestroy().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(SHUTDOWN_WAIT_MS - 1);
    expect(stopped).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await stopping;
    expect(stopped).toBe(true);
  });
});
