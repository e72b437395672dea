import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import type { LoginResult } from '../../contracts/users';
import type { User } from '../../database/entities';
import type { SessionKind } from '../../database/entities/session.entity';
import { ApiKeyService } from '../keys';
import { CsrfService, SessionService } from '../sessions';
import { toUserInfo } from '../users';
import { NewDeviceNotices } from './new-device-notices';
import { PasskeysService } from './passkeys.service';
import { TwoFactorService } from './two-factor.service';

/** What a first factor (a password, a provider) leads to on an account with two-factor on. */
export interface SecondStepDue {
  challenge: string;
  passkeys: boolean;
}

/** The end of every way of signing in: the second step when due, else the session. */
@Injectable()
export class SignIn {
  constructor(
    private readonly sessions: SessionService,
    private readonly csrf: CsrfService,
    private readonly keys: ApiKeyService,
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeysService,
    private readonly newDevices: NewDeviceNotices,
  ) {}

  /** The second step's challenge when the account has two-factor on, else null. */
  async secondStepDue(userId: number): Promise<SecondStepDue | null> {
    if (!(await this.twoFactor.enabled(userId))) return null;
    return {
      challenge: await this.twoFactor.challenge(userId),
      passkeys: await this.passkeys.has(userId),
    };
  }

  /**
   * 401 `auth.two_factor_required` with a `challenge` that login_2fa.php finishes with a code (or
   * passkey_login.php with a passkey, when `passkeys` says the account has one).
   */
  async requireSecondStep(userId: number): Promise<void> {
    const due = await this.secondStepDue(userId);
    if (!due) return;
    throw new AppError(
      'auth.two_factor_required',
      'enter the code from your authenticator app',
      HttpStatus.UNAUTHORIZED,
      {},
      undefined,
      { challenge: due.challenge, passkeys: due.passkeys },
    );
  }

  /** `secondFactor`: the sign-in proved more than the password (a code or a passkey). */
  async complete(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    secondFactor = false,
  ): Promise<LoginResult> {
    await this.startSession(request, reply, 'user', user.id, secondFactor);
    await this.newDevices.signedIn(request, reply, user);
    const apiKey = await this.keys.revealDefault(user.id);
    return { success: true, message: 'login successful', user_info: toUserInfo(user, apiKey) };
  }

  /** A new session means a new CSRF token: the old one was bound to the previous sessions. */
  async startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    subjectId: number,
    secondFactor = false,
  ): Promise<void> {
    await this.sessions.create(request, reply, kind, subjectId, secondFactor);
    await this.csrf.issue(request, reply);
  }

  async end(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void> {
    await this.sessions.destroy(request, reply, kind);
    await this.csrf.issue(request, reply);
  }
}
