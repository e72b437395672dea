import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { IsNull, Not, Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { STEP_UP_MINUTES } from '../../contracts/two-factor';
import { Passkey, UserTotp } from '../../database/entities';
import { SessionService } from './session.service';

const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

/** Whether a user's session may hand out a new key secret now (StepUpGuard's check). */
@Injectable()
export class StepUpCheck {
  constructor(
    private readonly sessions: SessionService,
    @InjectRepository(UserTotp) private readonly totps: Repository<UserTotp>,
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
  ) {}

  /** Passes, or throws 403 `auth.step_up_required`. */
  async require(request: FastifyRequest): Promise<void> {
    const session = await this.sessions.current(request, 'user');
    if (!session) {
      throw new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED);
    }
    const proved = session.second_factor_at?.getTime() ?? 0;
    if (Date.now() - proved < STEP_UP_MS) return;
    const userId = session.subject_id;
    if (!(await this.totps.existsBy({ user_id: userId, enabled_at: Not(IsNull()) }))) return;
    throw new AppError(
      'auth.step_up_required',
      'confirm it is you: enter a code from your authenticator app',
      HttpStatus.FORBIDDEN,
      {},
      undefined,
      { passkeys: await this.passkeys.existsBy({ user_id: userId }) },
    );
  }
}

/**
 * Goes after UserGuard on calls that hand out a new API key secret: an account with two-factor
 * on must have proved it on this session within STEP_UP_MINUTES (at sign-in, or by
 * confirm_two_factor.php), else 403 `auth.step_up_required` (with `passkeys` when one may
 * answer). A session taken over without the second factor cannot mint keys that outlive it.
 */
@Injectable()
export class StepUpGuard implements CanActivate {
  constructor(private readonly check: StepUpCheck) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.check.require(context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}
