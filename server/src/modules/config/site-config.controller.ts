import { Controller, Get } from '@nestjs/common';
import { toPublicSiteConfig } from './dto/site-config.response';
import { SiteConfigService } from './site-config.service';

@Controller('api')
export class SiteConfigController {
  constructor(private readonly config: SiteConfigService) {}

  @Get('get_config.php')
  async get() {
    return { success: true, message: 'ok', data: toPublicSiteConfig(await this.config.find()) };
  }
}
