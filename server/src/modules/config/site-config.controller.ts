import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { mailLinkBase } from '../../common/site-base';
import { toPublicSiteConfig } from './dto/site-config.response';
import { SiteConfigService } from './site-config.service';
import { Serves } from '../../common/serves';
import { Mailer } from '../mail';

@Controller()
export class SiteConfigController {
  constructor(
    private readonly config: SiteConfigService,
    private readonly mailer: Mailer,
  ) {}

  /** `mail_enabled`: SMTP_URL is set and mailed links have an address (网站地址 or PUBLIC_URL). */
  @Serves('GET api/get_config.php')
  async get(@Req() request: FastifyRequest) {
    const config = await this.config.find();
    const mail = this.mailer.configured && mailLinkBase(config?.site_url ?? '', request) !== '';
    const data = {
      ...toPublicSiteConfig(config),
      mail_enabled: mail,
      email_required: mail && config?.email_verification === 1,
    };
    return { success: true, message: 'ok', data };
  }
}
