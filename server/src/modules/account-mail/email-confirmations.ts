import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository } from 'typeorm';
import { AppError, conflict } from '../../common/app-error';
import { CONFIRM_LINK_HOURS } from '../../contracts/account-email';
import { User } from '../../database/entities';
import { retriedTransaction } from '../../database/transactions';
import type { FastifyRequest } from 'fastify';
import { AccountMail } from './account-mail';
import type { MailSetup } from './account-mail';
import { AccountTokens } from './account-tokens';

const CONFIRM_LINK_MS = CONFIRM_LINK_HOURS * 60 * 60 * 1000;
/** How often a waiting account's sign-in may mail its confirmation link again. */
const RESEND_MS = 2 * 60 * 1000;

/**
 * A new address waits for its owner: the link mailed to it makes it the account's (registration's
 * address and every later change alike), so reset links only ever go to a mailbox that was read.
 */
@Injectable()
export class EmailConfirmations {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
  ) {}

  /** Mails `email` a link that makes it the account's; ends the account's earlier such links. */
  async send(setup: MailSetup, user: Pick<User, 'id' | 'username'>, email: string): Promise<void> {
    const { token } = await retriedTransaction(this.users.manager, (manager) =>
      this.tokens.issue(manager, user.id, 'email_change', CONFIRM_LINK_MS, email),
    );
    this.mail.send(setup, email, user.username, {
      kind: 'confirm_email',
      email,
      link: this.mail.link(setup, 'confirmEmail', token),
    });
  }

  /**
   * A sign-in with the right password to an account waiting for its address: the link goes to
   * that address again (at most every RESEND_MS, so a password cannot flood a mailbox), and the
   * answer is always 403 `auth.email_unconfirmed`.
   */
  async remind(request: FastifyRequest, user: Pick<User, 'id' | 'username'>): Promise<never> {
    const last = await this.tokens.lastIssued(user.id, 'email_change');
    if (last?.email && Date.now() - last.created_at.getTime() > RESEND_MS) {
      const setup = await this.mail.setup(request).catch(() => null);
      if (setup) await this.send(setup, user, last.email);
    }
    throw new AppError(
      'auth.email_unconfirmed',
      'please confirm your e-mail address first: follow the link we have sent to it',
      HttpStatus.FORBIDDEN,
    );
  }

  /** 409 `users.email_taken` when another account has this address confirmed. */
  async ensureFree(email: string, exceptUserId?: number): Promise<void> {
    const taken = await this.users.existsBy({
      email,
      ...(exceptUserId !== undefined && { id: Not(exceptUserId) }),
    });
    if (taken) throw conflict('users.email_taken', EMAIL_TAKEN);
  }
}

export const EMAIL_TAKEN = 'another account already uses this e-mail address';

/** 400 `users.email_invalid` on the email field. */
export const invalidEmail = () =>
  new AppError(
    'users.email_invalid',
    'please enter a valid e-mail address',
    HttpStatus.BAD_REQUEST,
    {},
    'email',
  );
