import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AdminRecords } from '../audit';
import { ContentEvents } from '../../common/content-events';
import { SidebarLink } from '../../database/entities';
import { AuditService } from '../audit';
import { AdminGuard, CurrentAdminId } from '../sessions';
import {
  SaveSidebarLinkDto,
  SidebarLinkIdDto,
  toAdminSidebarLink,
  toSidebarLinkValues,
  UpdateSidebarLinkDto,
} from './dto/sidebar-link-admin.dto';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class SidebarLinksAdminController {
  private readonly records: AdminRecords<SidebarLink>;

  constructor(
    @InjectRepository(SidebarLink) repo: Repository<SidebarLink>,
    events: ContentEvents,
    audit: AuditService,
  ) {
    this.records = new AdminRecords(
      repo,
      events,
      'sidebar_links',
      'sidebar link not found',
      audit,
      'sidebar_link',
    );
  }

  @Serves('GET api/admin/get_sidebar_links_admin.php')
  async list() {
    const rows = await this.records.list();
    return { success: true, message: 'ok', data: rows.map(toAdminSidebarLink) };
  }

  @Serves('POST api/admin/add_sidebar_link.php')
  async add(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveSidebarLinkDto) {
    const row = await this.records.add({ adminId, ip }, toSidebarLinkValues(body));
    return { success: true, message: 'sidebar link added', data: toAdminSidebarLink(row) };
  }

  @Serves('POST api/admin/update_sidebar_link.php')
  async update(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: UpdateSidebarLinkDto,
  ) {
    const row = await this.records.update({ adminId, ip }, body.id, toSidebarLinkValues(body));
    return { success: true, message: 'sidebar link updated', data: toAdminSidebarLink(row) };
  }

  @Serves('POST api/admin/delete_sidebar_link.php')
  async remove(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: SidebarLinkIdDto,
  ) {
    await this.records.remove({ adminId, ip }, body.id);
    return { success: true, message: 'sidebar link deleted' };
  }
}
