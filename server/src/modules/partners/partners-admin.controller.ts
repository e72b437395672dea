import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AdminRecords } from '../../common/admin-records';
import { ContentEvents } from '../../common/content-events';
import { Partner } from '../../database/entities';
import { AdminGuard } from '../auth/auth.guards';
import {
  PartnerIdDto,
  SavePartnerDto,
  toPartnerValues,
  UpdatePartnerDto,
} from './dto/partner-admin.dto';
import { toPartner } from './dto/partner.response';

/** Partner writes; the list (public, or with disabled rows for admins) is get_partners.php. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class PartnersAdminController {
  private readonly records: AdminRecords<Partner>;

  constructor(@InjectRepository(Partner) repo: Repository<Partner>, events: ContentEvents) {
    this.records = new AdminRecords(repo, events, 'partners', 'partner not found');
  }

  @Post('add_partner.php')
  async add(@Body() body: SavePartnerDto) {
    const row = await this.records.add(toPartnerValues(body));
    return { success: true, message: 'partner added', data: toPartner(row) };
  }

  @Post('update_partner.php')
  async update(@Body() body: UpdatePartnerDto) {
    const row = await this.records.update(body.id, toPartnerValues(body));
    return { success: true, message: 'partner updated', data: toPartner(row) };
  }

  @Post('delete_partner.php')
  async remove(@Body() body: PartnerIdDto) {
    await this.records.remove(body.id);
    return { success: true, message: 'partner deleted' };
  }
}
