import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { toAdminConfig, UpdateConfigDto } from './dto/config-admin.dto';
import { SiteConfigService } from './site-config.service';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class ConfigAdminController {
  constructor(private readonly config: SiteConfigService) {}

  @Get('get_config.php')
  async get() {
    return { success: true, message: 'ok', data: toAdminConfig(await this.config.load()) };
  }

  @Post('update_config.php')
  @HttpCode(200)
  async update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdateConfigDto) {
    const saved = await this.config.update({ adminId, ip }, body);
    return { success: true, message: 'site config updated', data: toAdminConfig(saved) };
  }
}
