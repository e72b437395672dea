import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError, badRequest, conflict } from '../../common/app-error';
import { isEmailAddress, normalizeEmail } from '../../contracts/account-email';
import type { ChangeEmailBody, ConfirmedEmail, EmailView } from '../../contracts/account-email';
import { USER_STATUS } from '../../contracts/users';
import { ApiKey, User } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import {
  AccountMail,
  AccountTokens,
  EMAIL_TAKEN,
  EmailConfirmations,
  invalidEmail,
} from '../account-mail';
import { AuthService } from './auth.service';

/**
 * The account's e-mail address. A new address becomes the account's only when the link mailed
 * to it is opened (so reset links only ever go to a mailbox the owner showed they read), the old
 * address is told of the request and of the change, and changing it takes the current password:
 * a stolen session alone cannot redirect the account's reset mail.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly confirmations: EmailConfirmations,
    private readonly auth: AuthService,
  ) {}

  async view(userId: number): Promise<EmailView> {
    const user = await this.active(userId);
    const pending = await this.tokens.latest(user.id, 'email_change');
    return {
      email: user.email,
      pending_email: pending?.email ?? null,
      notify_new_sign_in: user.notify_new_sign_in === 1,
    };
  }

  /** Mails a confirmation link to the new address (and a notice to the old one). */
  async change(userId: number, body: ChangeEmailBody, request: FastifyRequest): Promise<EmailView> {
    const user = await this.active(userId);
    const email = normalizeEmail(body.email);
    if (!isEmailAddress(email)) throw invalidEmail();
    if (email === user.email) {
      throw new AppError(
        'users.email_unchanged',
        'this is already your e-mail address',
        HttpStatus.BAD_REQUEST,
        {},
        'email',
      );
    }
    const setup = await this.mail.setup(request);
    await this.auth.confirmCurrentPassword(user, body.current_password, request.ip);
    await this.confirmations.ensureFree(email, user.id);
    await this.confirmations.send(setup, user, email);
    if (user.email) {
      this.mail.send(setup, user.email, user.username, { kind: 'email_change_requested', email });
    }
    return {
      email: user.email,
      pending_email: email,
      notify_new_sign_in: user.notify_new_sign_in === 1,
    };
  }

  /**
   * Follows a confirmation link: the address becomes the account's, once; an account waiting for
   * it (registered under e-mail verification) becomes active.
   */
  async confirm(token: unknown, request: FastifyRequest): Promise<ConfirmedEmail> {
    const row = await this.tokens.live('email_change', token);
    const user = row && (await this.users.findOneBy({ id: row.user_id }));
    if (!row?.email || !user || user.status === USER_STATUS.disabled) {
      throw badRequest(
        'users.email_token_invalid',
        'this confirmation link is invalid, used or expired',
      );
    }
    const email = row.email;
    try {
      await retriedTransaction(this.users.manager, async (manager) => {
        if (!(await this.tokens.redeem(manager, row))) {
          throw badRequest(
            'users.email_token_invalid',
            'this confirmation link is invalid, used or expired',
          );
        }
        if (user.status === USER_STATUS.pendingEmail) {
          await manager.update(User, { id: user.id }, { email, status: USER_STATUS.active });
          // Its keys were refused while it waited: the key caches see api_keys changes at once.
          await manager.update(ApiKey, { user_id: user.id }, { updated_at: new Date() });
        } else {
          await manager.update(User, { id: user.id }, { email });
        }
      });
    } catch (e) {
      // Another account confirmed the address first: the unique index decides.
      if (isUniqueViolation(e)) throw conflict('users.email_taken', EMAIL_TAKEN);
      throw e;
    }
    if (user.email !== email) {
      await this.mail.notify(request, user, () => ({ kind: 'email_changed', email }));
    }
    return { email };
  }

  private async active(userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED);
    }
    return user;
  }
}
