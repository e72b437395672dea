import { Body, Controller, HttpStatus, Ip, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { mailLinkBase } from '../../common/site-base';
import { AppError } from '../../common/app-error';
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
  ) {}

  @Serves('GET api/admin/get_config.php')
  async get(@Req() request: FastifyRequest) {
    const config = await this.config.load();
    const data = toAdminConfig(config, this.canMail(config.site_url, request));
    return { success: true, message: 'ok', data };
  }

  /**
   * E-mail verification cannot be turned on while the site cannot send the links: SMTP_URL, and an
   * address for them (网站地址, possibly in this very save, or PUBLIC_URL).
   */
  @Serves('POST api/admin/update_config.php')
  async update(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Req() request: FastifyRequest,
    @Body() body: UpdateConfigDto,
  ) {
    const siteUrl = body.site_url ?? (await this.config.load()).site_url;
    if (body.email_verification === 1 && !this.canMail(siteUrl, request)) {
      throw new AppError(
        'admin.mail_not_configured',
        '未配置邮件发送（SMTP_URL）或网站地址，不能开启注册邮箱验证',
        HttpStatus.BAD_REQUEST,
        {},
        'email_verification',
      );
    }
    const saved = await this.config.update({ adminId, ip }, body);
    const data = toAdminConfig(saved, this.canMail(saved.site_url, request));
    return { success: true, message: 'site config updated', data };
  }

  private canMail(siteUrl: string, request: FastifyRequest): boolean {
    return this.mailer.configured && mailLinkBase(siteUrl, request) !== '';
  }
}
