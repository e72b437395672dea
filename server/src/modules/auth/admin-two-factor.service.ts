import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { IsNull, LessThan, Not, Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { seal, unseal } from '../../common/sealed';
import { TWO_FACTOR_CHALLENGE_MINUTES } from '../../contracts/two-factor';
import type { AdminTwoFactorStatus, RecoveryCodes, TotpSetup } from '../../contracts/two-factor';
import { Admin, AdminRecoveryCode, AdminTotp } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { SiteConfigService } from '../config';
import { SessionService } from '../sessions';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
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

export const ADMIN_CHALLENGE_SEAL = 'portico admin two-factor challenge';
const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60 * 1000;

const challengeInvalid = () =>
  new AppError(
    'auth.two_factor_challenge_invalid',
    'this sign-in has expired; please log in again',
    HttpStatus.UNAUTHORIZED,
  );

/**
 * An administrator's second factor: an authenticator app and ten recovery codes, as users have
 * (totp.ts), asked for at the back office's sign-in. The site may require it of every
 * administrator (site_config.admin_two_factor_required): one without it can then only set it up
 * (AdminGuard), and one with it cannot turn it off until the requirement is lifted, so the
 * switch cannot lock the back office out of itself. A lost phone and lost codes are recovered
 * from the server's shell: `npm run admin -- reset-two-factor <name>`.
 */
@Injectable()
export class AdminTwoFactorService {
  constructor(
    @InjectRepository(AdminTotp) private readonly totps: Repository<AdminTotp>,
    @InjectRepository(AdminRecoveryCode) private readonly recovery: Repository<AdminRecoveryCode>,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly config: SiteConfigService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  enabled(adminId: number): Promise<boolean> {
    return this.totps.existsBy({ admin_id: adminId, enabled_at: Not(IsNull()) });
  }

  async required(): Promise<boolean> {
    return (await this.config.find())?.admin_two_factor_required === 1;
  }

  async status(adminId: number): Promise<AdminTwoFactorStatus> {
    const enabled = await this.enabled(adminId);
    const required = await this.required();
    const left = enabled
      ? await this.recovery.countBy({ admin_id: adminId, used_at: IsNull() })
      : 0;
    return {
      enabled,
      recovery_codes_left: left,
      required,
      setup_required: required && !enabled,
    };
  }

  /** A new secret for the app, after the password again; sign-in is unchanged until confirmed. */
  async start(adminId: number, password: string, ip: string): Promise<TotpSetup> {
    if (await this.enabled(adminId)) throw alreadyOn();
    const admin = await this.admins.findOneByOrFail({ id: adminId });
    await this.auth.confirmCurrentPassword(admin, password, ip, 'admin');
    const label = `${admin.username} (admin)`;
    const { setup, sealed } = await newTotp(
      issuerOf(await this.config.find()),
      label,
      this.env.APP_SECRET,
    );
    try {
      await retriedTransaction(this.totps.manager, async (manager) => {
        await manager.delete(AdminTotp, { admin_id: adminId, enabled_at: IsNull() });
        await manager.insert(AdminTotp, {
          admin_id: adminId,
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
   * The first code turns it on, with new recovery codes: this session counts as proved and the
   * administrator's other sessions (signed in without it) end, in one transaction with the audit.
   */
  async enable(request: FastifyRequest, actor: AuditActor, code: string): Promise<RecoveryCodes> {
    const adminId = actor.adminId;
    const row = await this.totps.findOneBy({ admin_id: adminId });
    if (!row || row.enabled_at) {
      throw new AppError(
        'auth.two_factor_not_started',
        'start the set-up again: there is no authenticator waiting to be confirmed',
        HttpStatus.BAD_REQUEST,
      );
    }
    if (!(await this.claimStep(row, code))) {
      throw wrongCode('the code is wrong or expired; try the current one');
    }
    const { codes, hashes } = newRecoveryCodes();
    await retriedTransaction(this.totps.manager, async (manager) => {
      const on = await manager.update(
        AdminTotp,
        { admin_id: adminId, enabled_at: IsNull() },
        { enabled_at: new Date() },
      );
      if (on.affected !== 1) throw alreadyOn();
      await manager.delete(AdminRecoveryCode, { admin_id: adminId });
      await manager.insert(
        AdminRecoveryCode,
        hashes.map((code_hash) => ({ admin_id: adminId, code_hash, used_at: null })),
      );
      await this.sessions.endOthers(request, 'admin', adminId, manager);
      await this.audit.record(
        actor,
        { action: 'enable_two_factor', target_type: 'admin', target_id: adminId },
        manager,
      );
    });
    await this.sessions.secondFactorProved(request, 'admin');
    return { recovery_codes: codes };
  }

  /** Turns it off with the password and a code, unless the site requires it. */
  async disable(actor: AuditActor, password: string, code: string): Promise<void> {
    const adminId = actor.adminId;
    const row = await this.totps.findOneBy({ admin_id: adminId });
    if (!row?.enabled_at) throw notEnabled();
    if (await this.required()) {
      throw new AppError(
        'admin.two_factor_required',
        'the site requires two-factor authentication of administrators; lift the requirement first',
        HttpStatus.CONFLICT,
      );
    }
    const admin = await this.admins.findOneByOrFail({ id: adminId });
    await this.auth.confirmCurrentPassword(admin, password, actor.ip, 'admin');
    await this.checkCode(admin, row, code, actor.ip);
    await retriedTransaction(this.totps.manager, async (manager) => {
      await manager.delete(AdminTotp, { admin_id: adminId });
      await manager.delete(AdminRecoveryCode, { admin_id: adminId });
      await this.audit.record(
        actor,
        { action: 'disable_two_factor', target_type: 'admin', target_id: adminId },
        manager,
      );
    });
  }

  /**
   * 401 `auth.two_factor_required` with a challenge when the administrator has it on. The
   * challenge is sealed (who, until when), not stored: it only says the password was right
   * within TWO_FACTOR_CHALLENGE_MINUTES, and each code is still taken once.
   */
  async requireSecondStep(adminId: number): Promise<void> {
    if (!(await this.enabled(adminId))) return;
    const challenge = seal(
      JSON.stringify({ admin: adminId, until: Date.now() + CHALLENGE_MS }),
      this.env.APP_SECRET,
      ADMIN_CHALLENGE_SEAL,
    );
    throw new AppError(
      'auth.two_factor_required',
      'enter the code from your authenticator app',
      HttpStatus.UNAUTHORIZED,
      {},
      undefined,
      { challenge, passkeys: false },
    );
  }

  /** The administrator a challenge and a code sign in. */
  async finishLogin(challenge: string, code: string, ip: string): Promise<Admin> {
    const opened = unseal(challenge, this.env.APP_SECRET, ADMIN_CHALLENGE_SEAL);
    const claim = opened ? (JSON.parse(opened) as { admin: number; until: number }) : null;
    if (!claim || !(claim.until > Date.now())) throw challengeInvalid();
    const admin = await this.admins.findOneBy({ id: claim.admin });
    const row = admin && (await this.totps.findOneBy({ admin_id: admin.id }));
    if (!admin || !row?.enabled_at) throw challengeInvalid();
    await this.checkCode(admin, row, code, ip);
    return admin;
  }

  /** A code, counted against the admin login's lock-out: 400 on `code` when wrong. */
  private async checkCode(admin: Admin, row: AdminTotp, code: string, ip: string): Promise<void> {
    const attempt = { scope: 'admin' as const, username: admin.username, ip };
    await this.auth.admit(attempt);
    const accepted = isAppCode(code)
      ? await this.claimStep(row, code)
      : await this.useRecoveryCode(admin.id, code);
    if (!accepted) throw wrongCode('the code is wrong, used or expired');
    await this.throttle.succeeded(attempt);
  }

  private async useRecoveryCode(adminId: number, code: string): Promise<boolean> {
    const hash = recoveryHash(code);
    if (!hash) return false;
    const used = await this.recovery.update(
      { admin_id: adminId, code_hash: hash, used_at: IsNull() },
      { used_at: new Date() },
    );
    return used.affected === 1;
  }

  /** A current app code, later than the last one accepted; claims its time step. */
  private async claimStep(row: AdminTotp, code: string): Promise<boolean> {
    const step = appCodeStep(row.secret_enc, code, this.env.APP_SECRET);
    if (step === null) return false;
    const claimed = await this.totps.update(
      { admin_id: row.admin_id, last_counter: LessThan(step) },
      { last_counter: step },
    );
    return claimed.affected === 1;
  }
}
