import { Body, Controller, Get, Post, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { notFound } from '../../common/app-error';
import { ContentEvents } from '../../common/content-events';
import { SiteConfig } from '../../database/entities';
import { AdminGuard } from '../auth/auth.guards';
import { toAdminConfig, UpdateConfigDto } from './dto/config-admin.dto';

const CONFIG_ID = 1;

@Controller('api/admin')
@UseGuards(AdminGuard)
export class ConfigAdminController {
  constructor(
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    private readonly events: ContentEvents,
  ) {}

  @Get('get_config.php')
  async get() {
    return { success: true, message: 'ok', data: toAdminConfig(await this.load()) };
  }

  @Post('update_config.php')
  async update(@Body() body: UpdateConfigDto) {
    const saved = await this.configs.save(this.configs.merge(await this.load(), body));
    this.events.changed('config');
    return { success: true, message: 'site config updated', data: toAdminConfig(saved) };
  }

  private async load() {
    const row = await this.configs.findOne({ where: { id: CONFIG_ID } });
    // The seed always writes the row; its absence means a damaged database.
    if (!row) throw notFound('admin.record_not_found', 'site config not found');
    return row;
  }
}
