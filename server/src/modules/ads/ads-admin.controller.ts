import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AdminRecords } from '../../common/admin-records';
import { ContentEvents } from '../../common/content-events';
import { Ad } from '../../database/entities';
import { AdminGuard } from '../auth/auth.guards';
import { AdIdDto, SaveAdDto, toAdValues, UpdateAdDto } from './dto/ad-admin.dto';
import { toAd } from './dto/ad.response';

/** Ad writes; the list (public, or with disabled rows for admins) is get_ads.php. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdsAdminController {
  private readonly records: AdminRecords<Ad>;

  constructor(@InjectRepository(Ad) repo: Repository<Ad>, events: ContentEvents) {
    this.records = new AdminRecords(repo, events, 'ads', 'ad not found');
  }

  @Post('add_ad.php')
  async add(@Body() body: SaveAdDto) {
    const row = await this.records.add(toAdValues(body));
    return { success: true, message: 'ad added', data: toAd(row) };
  }

  @Post('update_ad.php')
  async update(@Body() body: UpdateAdDto) {
    const row = await this.records.update(body.id, toAdValues(body));
    return { success: true, message: 'ad updated', data: toAd(row) };
  }

  @Post('delete_ad.php')
  async remove(@Body() body: AdIdDto) {
    await this.records.remove(body.id);
    return { success: true, message: 'ad deleted' };
  }
}
