import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

/** One e-mail: a plain-text body always, an HTML one when the sender has it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The site's one way out by e-mail: SMTP_URL through nodemailer, from SMTP_FROM. One transport
 * per process, made on the first mail and closed with the app.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private transport?: Transporter;

  constructor(@Inject(ENV) private readonly env: Env) {}

  /** Whether the site can send e-mail at all (SMTP_URL is set). */
  get configured(): boolean {
    return Boolean(this.env.SMTP_URL);
  }

  /** Sends one mail; rejects with the SMTP server's error. */
  async send(mail: Mail): Promise<void> {
    if (!this.env.SMTP_URL) throw new Error('e-mail is not configured on this site (SMTP_URL)');
    this.transport ??= createTransport(this.env.SMTP_URL);
    await this.transport.sendMail({ from: this.env.SMTP_FROM, ...mail });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
