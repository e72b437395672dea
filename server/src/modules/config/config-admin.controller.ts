import { Body, Controller, HttpStatus, Inject, Ip, Req, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { IsNull, Not, Repository } from 'typeorm';
import { AdminTotp } from '../../database/entities';
import type { SiteConfig } from '../../database/entities';
import { mailLinkBase } from '../../common/site-base';
import { AppError } from '../../common/app-error';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { webhookUrlProblem } from '../alerts';
import { Mailer } from '../mail';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { toAdminConfig, UpdateConfigDto } from './dto/config-admin.dto';
import { SiteConfigService } from './site-config.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class ConfigAdminController {
  constructor(
    private readonly config: SiteConfigService,
    private readonly mailer: Mailer,
    @InjectRepository(AdminTotp) private readonly adminTotps: Repository<AdminTotp>,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Serves('GET api/admin/get_config.php')
  async get(@Req() request: FastifyRequest) {
    const config = await this.config.load();
    const data = toAdminConfig(config, this.canMail(config.site_url, request));
    return { success: true, message: 'ok', data };
  }

  /**
   * E-mail verification cannot be turned on while the site cannot send the links: SMTP_URL, and an
   * address for them (网站地址, possibly in this very save, or PUBLIC_URL). Two-factor cannot be
   * required of administrators by one who has none (the next page would lock them out).
   */
  @Serves('POST api/admin/update_config.php')
  async update(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Req() request: FastifyRequest,
    @Body() body: UpdateConfigDto,
  ) {
    const stored = await this.config.load();
    const siteUrl = body.site_url ?? stored.site_url;
    if (body.email_verification === 1 && !this.canMail(siteUrl, request)) {
      throw new AppError(
        'admin.mail_not_configured',
        '未配置邮件发送（SMTP_URL）或网站地址，不能开启注册邮箱验证',
        HttpStatus.BAD_REQUEST,
        {},
        'email_verification',
      );
    }
    if (
      body.admin_two_factor_required === 1 &&
      !(await this.adminTotps.existsBy({ admin_id: adminId, enabled_at: Not(IsNull()) }))
    ) {
      throw new AppError(
        'admin.two_factor_self_first',
        '请先为自己的管理员账号开启两步验证，再要求所有管理员开启',
        HttpStatus.BAD_REQUEST,
        {},
        'admin_two_factor_required',
      );
    }
    this.checkHealthSettings(body, stored);
    const saved = await this.config.update({ adminId, ip }, body);
    const data = toAdminConfig(saved, this.canMail(saved.site_url, request));
    return { success: true, message: 'site config updated', data };
  }

  /**
   * The incident webhook goes where a user's alert webhook may (http(s), no private address), and
   * an API must be down before it is degraded: the down threshold stays below the degraded one.
   */
  private checkHealthSettings(body: UpdateConfigDto, stored: SiteConfig): void {
    const url = body.health_alert_webhook_url;
    const problem = url ? webhookUrlProblem(url, this.env.ALERT_WEBHOOK_ALLOW_LOOPBACK) : null;
    if (problem) {
      throw new AppError(
        problem.code,
        problem.message,
        HttpStatus.BAD_REQUEST,
        {},
        'health_alert_webhook_url',
      );
    }
    const down = body.health_down_success ?? stored.health_down_success;
    const degraded = body.health_degraded_success ?? stored.health_degraded_success;
    if (down >= degraded) {
      throw new AppError(
        'request.validation',
        '“不可用”的成功率阈值须低于“性能下降”的阈值',
        HttpStatus.BAD_REQUEST,
        {},
        'health_down_success',
      );
    }
  }

  private canMail(siteUrl: string, request: FastifyRequest): boolean {
    return this.mailer.configured && mailLinkBase(siteUrl, request) !== '';
  }
}
