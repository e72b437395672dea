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
    const data = {
      ...toPublicSiteConfig(await this.config.find()),
      mail_enabled: this.mailer.configured,
    };
    return { success: true, message: 'ok', data };
  }
}
