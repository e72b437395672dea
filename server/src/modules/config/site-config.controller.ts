import { Controller } from '@nestjs/common';
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

  @Serves('GET api/get_config.php')
  async get() {
    const config = await this.config.find();
    const data = {
      ...toPublicSiteConfig(config),
      mail_enabled: this.mailer.configured,
      email_required: this.mailer.configured && config?.email_verification === 1,
    };
    return { success: true, message: 'ok', data };
  }
}
