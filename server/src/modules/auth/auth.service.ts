import { setTimeout as sleep } from 'node:timers/promises';
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Admin, User } from '../../database/entities';
import { LoginAttempt, LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from '../../common/passwords';
import { USER_STATUS } from '../../contracts/users';

export const USER_LOGIN_FAILED = 'invalid username or password';
export const ADMIN_LOGIN_FAILED = 'login failed, check username and password';
export const CREDENTIALS_MISSING = 'please enter username and password';

/** 403 `auth.account_disabled`: the account exists and the password was right, but it is off. */
export const accountDisabled = () =>
  new AppError('auth.account_disabled', 'this account is disabled', HttpStatus.FORBIDDEN);

/** A name that could exist: anything else is not looked up (but still costs one hash). */
const PLAUSIBLE_USERNAME = /^[A-Za-z0-9_]{1,32}$/;

/** Checks credentials for both login forms, with the lock-out and without revealing names. */
@Injectable()
export class AuthService {
  /** Verified against when the name is unknown, so both paths take as long. */
  private dummyHash?: Promise<string>;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly throttle: LoginThrottle,
  ) {}

  async verifyUser(username: string, password: string, ip: string): Promise<User> {
    const user = await this.verify(
      { scope: 'user', username, ip },
      password,
      () => this.users.findOneBy({ username_key: username.toLowerCase() }),
      USER_LOGIN_FAILED,
    );
    // A waiting account is the login's to answer (it mails the link again).
    if (user.status !== USER_STATUS.active && user.status !== USER_STATUS.pendingEmail) {
      throw accountDisabled();
    }
    return user;
  }

  async verifyAdmin(username: string, password: string, ip: string): Promise<Admin> {
    const admin = await this.verify(
      { scope: 'admin', username, ip },
      password,
      () => this.admins.findOneBy({ username }),
      ADMIN_LOGIN_FAILED,
    );
    await this.admins.update({ id: admin.id }, { last_login_at: new Date() });
    return admin;
  }

  private async verify<T extends { password_hash: string }>(
    attempt: LoginAttempt,
    password: string,
    find: () => Promise<T | null>,
    failure: string,
  ): Promise<T> {
    await this.admit(attempt);
    const account = PLAUSIBLE_USERNAME.test(attempt.username) ? await find() : null;
    const matches = await verifyPassword(account?.password_hash ?? (await this.dummy()), password);
    if (!account || !matches) {
      throw new AppError('auth.login_failed', failure, HttpStatus.UNAUTHORIZED);
    }
    await this.throttle.succeeded(attempt);
    return account;
  }

  /**
   * A signed-in user's (or administrator's) current password, asked again before a sensitive change: counted like a
   * login of that account from that address (the same lock-out), so a stolen session cannot
   * guess it freely. 400 `auth.current_password_wrong` on `current_password` when it is wrong.
   */
  async confirmCurrentPassword(
    account: Pick<User | Admin, 'username' | 'password_hash'>,
    password: string,
    ip: string,
    scope: LoginAttempt['scope'] = 'user',
  ): Promise<void> {
    const attempt = { scope, username: account.username, ip };
    await this.admit(attempt);
    if (!(await verifyPassword(account.password_hash, password))) {
      throw new AppError(
        'auth.current_password_wrong',
        'the current password is incorrect',
        HttpStatus.BAD_REQUEST,
        {},
        'current_password',
      );
    }
    await this.throttle.succeeded(attempt);
  }

  /**
   * Counts a password attempt against the lock-out (login, or a password checked while signed
   * in): 429 while locked out, else waits out the slow-down. A correct password must then call
   * `throttle.succeeded`, which takes the attempt back.
   */
  async admit(attempt: LoginAttempt): Promise<void> {
    const { retryAfter, delayMs } = await this.throttle.begin(attempt);
    if (retryAfter > 0) {
      throw new AppError(
        'auth.login_throttled',
        `too many failed logins, try again in ${Math.ceil(retryAfter / 60)} minute(s)`,
        HttpStatus.TOO_MANY_REQUESTS,
        { 'Retry-After': String(retryAfter) },
      );
    }
    if (delayMs > 0) await sleep(delayMs);
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('portico-dummy-password');
    return this.dummyHash;
  }
}
