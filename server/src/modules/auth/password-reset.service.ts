import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError, badRequest } from '../../common/app-error';
import { hashPassword } from '../../common/passwords';
import { RateLimiter } from '../../common/rate-limiter';
import { normalizeEmail, RESET_LINK_MINUTES } from '../../contracts/account-email';
import type {
  AdminResetLink,
  ResetLinkInfo,
  ResetPasswordBody,
} from '../../contracts/account-email';
import { passwordLengthError } from '../../contracts/users';
import { Session, User } from '../../database/entities';
import type { AccountToken } from '../../database/entities';
import { retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AccountMail, AccountTokens } from '../account-mail';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';

const HOUR_MS = 60 * 60 * 1000;
const RESET_LINK_MS = RESET_LINK_MINUTES * 60 * 1000;
/** Reset mails one account receives per hour at most: asking more sends nothing, answers the same. */
const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;

const invalidLink = () =>
  badRequest(
    'auth.reset_token_invalid',
    'this password reset link is invalid, used or expired; please ask for a new one',
  );

/**
 * "Forgot password?": a mailed, single-use link valid for 30 minutes. The request answers the
 * same whether or not the name or address belongs to an account, or the account has an e-mail
 * address; only the mail tells. Setting the new password ends every session of the account and
 * every other reset link, and tells the owner by e-mail.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Mails a reset link when `login` is an active account's name or e-mail address and it has one. */
  async request(login: string, request: FastifyRequest): Promise<void> {
    const setup = await this.mail.setup(request);
    const perIp = await this.limiter.hit(
      `password-reset:${request.ip}`,
      this.env.PASSWORD_RESETS_PER_IP_PER_HOUR,
      HOUR_MS,
    );
    if (!perIp.allowed) {
      throw new AppError(
        'request.rate_limited',
        'too many password reset requests from this address, try again later',
        HttpStatus.TOO_MANY_REQUESTS,
        { 'Retry-After': String(perIp.resetSeconds) },
      );
    }
    const user = await this.findByLogin(login);
    if (!user?.email) return;
    const perAccount = await this.limiter.hit(
      `password-reset-account:${user.id}`,
      RESET_MAILS_PER_ACCOUNT_PER_HOUR,
      HOUR_MS,
    );
    if (!perAccount.allowed) return;
    const { token } = await retriedTransaction(this.users.manager, (manager) =>
      this.tokens.issue(manager, user.id, 'password_reset', RESET_LINK_MS),
    );
    this.mail.send(setup, user.email, user.username, {
      kind: 'password_reset',
      link: this.mail.link(setup, 'resetPassword', token),
    });
  }

  /** Whose password a live link resets, for the page to name before the user types. */
  async check(token: unknown): Promise<ResetLinkInfo> {
    const { row, user } = await this.resolve(token);
    return { username: user.username, expires_at: row.expires_at.toISOString() };
  }

  /** Sets the new password through a live link: once, ending every session of the account. */
  async reset(body: ResetPasswordBody, request: FastifyRequest): Promise<void> {
    if (body.confirm_password !== undefined && body.confirm_password !== body.new_password) {
      throw new AppError(
        'users.password_mismatch',
        'the two passwords do not match',
        HttpStatus.BAD_REQUEST,
        {},
        'confirm_password',
      );
    }
    const length = passwordLengthError(body.new_password);
    if (length) {
      throw new AppError(length.code, length.message, HttpStatus.BAD_REQUEST, {}, 'new_password');
    }
    const { row, user } = await this.resolve(body.token);
    const passwordHash = await hashPassword(body.new_password);
    await retriedTransaction(this.users.manager, async (manager) => {
      if (!(await this.tokens.redeem(manager, row))) throw invalidLink();
      await manager.update(User, { id: user.id }, { password_hash: passwordHash });
      await manager.delete(Session, { kind: 'user', subject_id: user.id });
      await this.tokens.endLive(manager, user.id, 'password_reset');
    });
    await this.mail.notify(request, user, (link) => ({
      kind: 'password_changed',
      resetLink: link,
    }));
  }

  /**
   * The admin's one-time link for a user who cannot receive mail: the same token, handed over
   * by hand. Audited; it ends the user's earlier links.
   */
  async adminLink(
    actor: AuditActor,
    userId: number,
    request: FastifyRequest,
  ): Promise<AdminResetLink> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new AppError('users.not_found', 'user not found', HttpStatus.NOT_FOUND);
    const base = await this.mail.linkBase(request);
    const { token, expiresAt } = await retriedTransaction(this.users.manager, async (manager) => {
      const issued = await this.tokens.issue(manager, user.id, 'password_reset', RESET_LINK_MS);
      await this.audit.record(
        actor,
        {
          action: 'create_reset_link',
          target_type: 'user',
          target_id: user.id,
          after: { username: user.username, expires_at: issued.expiresAt.toISOString() },
        },
        manager,
      );
      return issued;
    });
    return {
      url: this.mail.link({ base }, 'resetPassword', token),
      expires_at: expiresAt.toISOString(),
    };
  }

  private async findByLogin(login: string): Promise<User | null> {
    const text = login.trim();
    if (!text) return null;
    const user = text.includes('@')
      ? await this.users.findOneBy({ email: normalizeEmail(text) })
      : await this.users.findOneBy({ username_key: text.toLowerCase() });
    return user?.status === 1 ? user : null;
  }

  /** A live reset token and its active user, or 400 `auth.reset_token_invalid`. */
  private async resolve(token: unknown): Promise<{ row: AccountToken; user: User }> {
    const row = await this.tokens.live('password_reset', token);
    const user = row && (await this.users.findOneBy({ id: row.user_id }));
    if (!row || !user || user.status !== 1) throw invalidLink();
    return { row, user };
  }
}
