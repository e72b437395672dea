import { HttpStatus, Injectable, SetMetadata } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { AdminTotp, SiteConfig } from '../../database/entities';

export const BEFORE_ADMIN_TWO_FACTOR = 'portico.before-admin-two-factor';

/**
 * Marks an admin route an administrator may use while the site requires two-factor and theirs
 * is not on yet: the set-up itself (AdminGuard lets nothing else through then).
 */
export const BeforeAdminTwoFactor = () => SetMetadata(BEFORE_ADMIN_TWO_FACTOR, true);

/**
 * The site's rule that every administrator signs in with two-factor (网站配置): while it holds,
 * an administrator without it gets 403 `auth.admin_two_factor_setup` from every admin route but
 * the set-up. Two look-ups by key per admin call, only while the rule is on.
 */
@Injectable()
export class AdminTwoFactorGate {
  constructor(
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    @InjectRepository(AdminTotp) private readonly totps: Repository<AdminTotp>,
  ) {}

  async check(adminId: number): Promise<void> {
    const config = await this.configs.findOne({
      where: {},
      order: { id: 'ASC' },
      select: { id: true, admin_two_factor_required: true },
    });
    if (config?.admin_two_factor_required !== 1) return;
    if (await this.totps.existsBy({ admin_id: adminId, enabled_at: Not(IsNull()) })) return;
    throw new AppError(
      'auth.admin_two_factor_setup',
      'this site requires two-factor authentication of administrators: set it up first',
      HttpStatus.FORBIDDEN,
    );
  }
}
