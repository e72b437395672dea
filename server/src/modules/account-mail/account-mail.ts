import { HttpStatus, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import { ACCOUNT_PAGES } from '../../contracts/account-email';
import { SiteConfigService } from '../config';
import { Mailer } from '../mail';
import { mailLinkBase } from '../../common/site-base';
import { renderAccountMail } from './messages';
import type { AccountMessage, MailLanguage } from './messages';

/** How long stopping waits for mails already handed over; an SMTP server that hangs is left. */
export const SHUTDOWN_WAIT_MS = 5000;

/** The site name in mails when the admin has not set one (the client's fallback brand too). */
const FALLBACK_SITE_NAME = 'Portico API';

/** What a request's account mails need: where links point, the site's name, the language. */
export interface MailSetup {
  base: string;
  site: string;
  lang: MailLanguage;
}

export type AccountPage = keyof typeof ACCOUNT_PAGES;

/**
 * Account mail (password reset, address confirmation, security notices): composed in the
 * language the request's page shows, with links on the site's configured address — 网站地址, else
 * PUBLIC_URL. Never the request's Host, not even without a proxy: anyone can send any Host, and a
 * reset mail whose link points at their server would hand them the victim's token.
 *
 * Mail goes out after the answer, so how long an SMTP server takes never shows whether an account
 * exists; a failed send is logged. It is not queued for retry: the mail carries a live token,
 * which the database only ever holds hashed. The user asks for a new link instead.
 */
@Injectable()
export class AccountMail implements OnModuleDestroy {
  private readonly logger = new Logger('AccountMail');
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly config: SiteConfigService,
  ) {}

  /** The admin's e-mail verification is on and mail can go out: registration needs an address. */
  async emailRequired(request: FastifyRequest): Promise<boolean> {
    const config = await this.config.find();
    return (
      this.mailer.configured &&
      config?.email_verification === 1 &&
      this.baseOf(config.site_url, request) !== ''
    );
  }

  /** How mail for this request reads; 503 `mail.not_configured` when the site cannot send it. */
  async setup(request: FastifyRequest): Promise<MailSetup> {
    const config = await this.config.find();
    const base = this.baseOf(config?.site_url, request);
    if (!this.mailer.configured || !base) {
      throw new AppError(
        'mail.not_configured',
        'this site cannot send e-mail; please contact the site administrator',
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    return {
      base,
      site: config?.site_title.trim() || FALLBACK_SITE_NAME,
      lang: request.cookies.lang === 'zh' ? 'zh' : 'en',
    };
  }

  /** Where links point for this request: '' when the site has no address of its own to use. */
  async linkBase(request: FastifyRequest): Promise<string> {
    return this.baseOf((await this.config.find())?.site_url, request);
  }

  private baseOf(siteUrl: string | undefined, request: FastifyRequest): string {
    return mailLinkBase(siteUrl ?? '', request);
  }

  /** The address of one of the account pages, with the token in its fragment when given. */
  link(setup: Pick<MailSetup, 'base'>, page: AccountPage, token?: string): string {
    return `${setup.base}${ACCOUNT_PAGES[page]}${token ? `#token=${token}` : ''}`;
  }

  /** Sends in the background; the caller's answer never waits for the SMTP server. */
  send(setup: MailSetup, to: string, username: string, message: AccountMessage): void {
    const mail = renderAccountMail({ lang: setup.lang, site: setup.site, username }, message);
    const sent = this.mailer
      .send({ to, ...mail })
      .catch((error: unknown) =>
        this.logger.warn(`${message.kind} mail for ${username} not sent: ${String(error)}`),
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /**
   * A security notice to the account's confirmed address, built with the forgot-password page's
   * address; nothing when it has none or the site cannot send mail (the change itself stands).
   */
  async notify(
    request: FastifyRequest,
    user: { email: string | null; username: string },
    message: (forgotPassword: string) => AccountMessage,
  ): Promise<void> {
    if (!user.email) return;
    const setup = await this.setup(request).catch(() => null);
    if (!setup) return;
    this.send(setup, user.email, user.username, message(this.link(setup, 'forgotPassword')));
  }

  /** Lets mails already handed over finish before the app closes, for SHUTDOWN_WAIT_MS at most. */
  async onModuleDestroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((done) => {
      timer = setTimeout(done, SHUTDOWN_WAIT_MS);
    });
    await Promise.race([Promise.allSettled([...this.sending]), waited]);
    clearTimeout(timer);
  }
}
