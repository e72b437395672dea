import { Controller } from '@nestjs/common';
import { toPublicSiteConfig } from './dto/site-config.response';
import { SiteConfigService } from './site-config.service';
import { Serves } from '../../common/serves';

@Controller()
export class SiteConfigController {
  constructor(private readonly config: SiteConfigService) {}

  @Serves('GET api/get_config.php')
  async get() {
    return { success: true, message: 'ok', data: toPublicSiteConfig(await this.config.find()) };
  }
}
