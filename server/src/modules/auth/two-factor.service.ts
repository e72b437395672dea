import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { TWO_FACTOR_CHALLENGE_MINUTES } from '../../contracts/two-factor';
import type { RecoveryCodes, TotpSetup, TwoFactorStatus } from '../../contracts/two-factor';
import { RecoveryCode, User, UserTotp } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AccountMail, AccountTokens } from '../account-mail';
import type { SecurityChange } from '../account-mail';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { SiteConfigService } from '../config';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import type { LoginAttempt } from './login-throttle';
import {
  alreadyOn,
  appCodeStep,
  isAppCode,
  issuerOf,
  newRecoveryCodes,
  newTotp,
  notEnabled,
  recoveryHash,
  wrongCode,
} from './totp';

const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60 * 1000;

/**
 * A second factor at sign-in: an authenticator app's code (TOTP, RFC 6238: 6 digits, 30 s, one
 * step of drift either way) or one of ten single-use recovery codes. A code is accepted once: the
 * time step of the last accepted code is kept and only a later one passes, by one conditional
 * UPDATE, so a code seen over a shoulder (or sent twice at once) does not sign in again. Wrong
 * codes count against the login lock-out like wrong passwords.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectRepository(UserTotp) private readonly totps: Repository<UserTotp>,
    @InjectRepository(RecoveryCode) private readonly recovery: Repository<RecoveryCode>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly config: SiteConfigService,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async enabled(userId: number): Promise<boolean> {
    return this.totps.existsBy({ user_id: userId, enabled_at: Not(IsNull()) });
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const enabled = await this.enabled(userId);
    const left = enabled ? await this.recovery.countBy({ user_id: userId, used_at: IsNull() }) : 0;
    return { enabled, recovery_codes_left: left };
  }

  /** A new secret for the app (after the password again); sign-in is unchanged until confirmed. */
  async start(user: User, password: string, ip: string): Promise<TotpSetup> {
    if (await this.enabled(user.id)) throw alreadyOn();
    await this.auth.confirmCurrentPassword(user, password, ip);
    const issuer = issuerOf(await this.config.find());
    const { setup, sealed } = await newTotp(issuer, user.username, this.env.APP_SECRET);
    // A set-up not confirmed yet is replaced; one confirmed meanwhile (another tab) stays, and
    // the insert's primary key refuses this one.
    try {
      await retriedTransaction(this.totps.manager, async (manager) => {
        await manager.delete(UserTotp, { user_id: user.id, enabled_at: IsNull() });
        await manager.insert(UserTotp, {
          user_id: user.id,
          secret_enc: sealed,
          enabled_at: null,
          last_counter: 0,
        });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyOn();
      throw e;
    }
    return setup;
  }

  /**
   * The first code proves the app holds the secret: two-factor is on, with new recovery codes,
   * and the owner is told by mail.
   */
  async enable(request: FastifyRequest, user: User, code: string): Promise<RecoveryCodes> {
    const userId = user.id;
    const row = await this.totps.findOneBy({ user_id: userId });
    if (!row || row.enabled_at) {
      throw new AppError(
        'auth.two_factor_not_started',
        'start the set-up again: there is no authenticator waiting to be confirmed',
        HttpStatus.BAD_REQUEST,
      );
    }
    if (!(await this.acceptTotp(row, code))) {
      throw wrongCode('the code is wrong or expired; try the current one');
    }
    const { codes, hashes } = newRecoveryCodes();
    await retriedTransaction(this.totps.manager, async (manager) => {
      const on = await manager.update(
        UserTotp,
        { user_id: userId, enabled_at: IsNull() },
        { enabled_at: new Date() },
      );
      if (on.affected !== 1) throw alreadyOn();
      await manager.delete(RecoveryCode, { user_id: userId });
      await manager.insert(
        RecoveryCode,
        hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })),
      );
    });
    await this.notify(request, user, { what: 'two_factor_on' });
    return { recovery_codes: codes };
  }

  /** Turns two-factor off: the password and a current code (or a recovery code). */
  async disable(
    request: FastifyRequest,
    user: User,
    password: string,
    code: string,
  ): Promise<void> {
    const ip = request.ip;
    const row = await this.enabledRow(user.id);
    await this.auth.confirmCurrentPassword(user, password, ip);
    await this.checkCode(row, code, { scope: 'user', username: user.username, ip });
    await retriedTransaction(this.totps.manager, async (manager) => {
      await manager.delete(UserTotp, { user_id: user.id });
      await manager.delete(RecoveryCode, { user_id: user.id });
    });
    await this.notify(request, user, { what: 'two_factor_off', byAdmin: false });
  }

  /**
   * The administrator turns a user's two-factor off (a lost phone and lost recovery codes),
   * audited in the same transaction; the password then signs the user in alone.
   */
  async adminDisable(request: FastifyRequest, actor: AuditActor, userId: number): Promise<void> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new AppError('users.not_found', 'user not found', HttpStatus.NOT_FOUND);
    await retriedTransaction(this.totps.manager, async (manager) => {
      const removed = await manager.delete(UserTotp, {
        user_id: user.id,
        enabled_at: Not(IsNull()),
      });
      if (removed.affected !== 1) throw notEnabled();
      await manager.delete(RecoveryCode, { user_id: user.id });
      await this.audit.record(
        actor,
        {
          action: 'disable_two_factor',
          target_type: 'user',
          target_id: user.id,
          before: { username: user.username, two_factor: true },
          after: { username: user.username, two_factor: false },
        },
        manager,
      );
    });
    await this.notify(request, user, { what: 'two_factor_off', byAdmin: true });
  }

  /** Tells the owner of a change to how the account signs in (when it has an address). */
  private notify(request: FastifyRequest, user: User, change: SecurityChange): Promise<void> {
    return this.mail.notify(request, user, (resetLink) => ({
      kind: 'security_changed',
      change,
      resetLink,
    }));
  }

  /** A signed-in user's code again (a step-up); 400 on `code` when wrong, counted in the lock-out. */
  async confirm(user: User, code: string, ip: string): Promise<void> {
    const row = await this.enabledRow(user.id);
    await this.checkCode(row, code, { scope: 'user', username: user.username, ip });
  }

  /** The second step's ticket, handed out with the answer to a right password. */
  async challenge(userId: number): Promise<string> {
    const { token } = await retriedTransaction(this.totps.manager, (manager) =>
      this.tokens.issue(manager, userId, 'login_2fa', CHALLENGE_MS),
    );
    return token;
  }

  /** The user a challenge and a code sign in; the challenge is used up. */
  async finishLogin(challenge: string, code: string, ip: string): Promise<User> {
    const ticket = await this.tokens.live('login_2fa', challenge);
    const user = ticket && (await this.users.findOneBy({ id: ticket.user_id }));
    const row = user && (await this.totps.findOneBy({ user_id: user.id }));
    if (!ticket || !user || user.status !== 1 || !row?.enabled_at) {
      throw new AppError(
        'auth.two_factor_challenge_invalid',
        'this sign-in has expired; please log in again',
        HttpStatus.UNAUTHORIZED,
      );
    }
    await this.checkCode(row, code, { scope: 'user', username: user.username, ip });
    const used = await retriedTransaction(this.totps.manager, (manager) =>
      this.tokens.redeem(manager, ticket),
    );
    if (!used) {
      throw new AppError(
        'auth.two_factor_challenge_invalid',
        'this sign-in has expired; please log in again',
        HttpStatus.UNAUTHORIZED,
      );
    }
    return user;
  }

  private async enabledRow(userId: number): Promise<UserTotp> {
    const row = await this.totps.findOneBy({ user_id: userId });
    if (!row?.enabled_at) throw notEnabled();
    return row;
  }

  /** A code, counted against the login lock-out like a password: 400 on `code` when wrong. */
  private async checkCode(row: UserTotp, code: string, attempt: LoginAttempt): Promise<void> {
    await this.auth.admit(attempt);
    if (!(await this.acceptCode(row, code))) {
      throw wrongCode('the code is wrong, used or expired');
    }
    await this.throttle.succeeded(attempt);
  }

  /** An app code or a recovery code, each taken once. */
  private async acceptCode(row: UserTotp, code: string): Promise<boolean> {
    if (isAppCode(code)) return this.acceptTotp(row, code);
    const hash = recoveryHash(code);
    if (!hash) return false;
    const used = await this.recovery.update(
      { user_id: row.user_id, code_hash: hash, used_at: IsNull() },
      { used_at: new Date() },
    );
    return used.affected === 1;
  }

  /** A current app code, later than the last one accepted; claims its time step. */
  private async acceptTotp(row: UserTotp, code: string): Promise<boolean> {
    const counter = appCodeStep(row.secret_enc, code, this.env.APP_SECRET);
    if (counter === null) return false;
    const claimed = await this.totps.update(
      { user_id: row.user_id, last_counter: LessThan(counter) },
      { last_counter: counter },
    );
    return claimed.affected === 1;
  }
}
