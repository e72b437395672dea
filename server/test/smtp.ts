import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server received, decoded as a mail client would show it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  mails: ReceivedMail[];
  /** SMTP_URL for the app under test. */
  url: string;
  /** The first mail to `address` after `since` received ones that `match` accepts; waits up to 10 s. */
  next(
    address: string,
    since?: number,
    match?: (mail: ReceivedMail) => boolean,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (nodemailer's smtp-server) that keeps every message, parsed. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    async next(address, since = 0, match = () => true) {
      const end = Date.now() + 10_000;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(address) && match(m));
        if (found) return found;
        if (Date.now() > end) throw new Error(`no mail to ${address} within 10 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((r) => smtp.close(r)),
  };
}
