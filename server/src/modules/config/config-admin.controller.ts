import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { toAdminConfig, UpdateConfigDto } from './dto/config-admin.dto';
import { SiteConfigService } from './site-config.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class ConfigAdminController {
  constructor(private readonly config: SiteConfigService) {}

  @Serves('GET api/admin/get_config.php')
  async get() {
    return { success: true, message: 'ok', data: toAdminConfig(await this.config.load()) };
  }

  @Serves('POST api/admin/update_config.php')
  async update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdateConfigDto) {
    const saved = await this.config.update({ adminId, ip }, body);
    return { success: true, message: 'site config updated', data: toAdminConfig(saved) };
  }
}
