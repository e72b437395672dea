import { Body, Controller, Ip, Query, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AdminRecords } from '../audit';
import { ContentEvents } from '../../common/content-events';
import { FriendLink } from '../../database/entities';
import { AuditService } from '../audit';
import { AdminGuard, CurrentAdminId, RequireCsrf } from '../sessions';
import {
  FriendLinkIdDto,
  SaveFriendLinkDto,
  toFriendLinkValues,
  UpdateFriendLinkDto,
} from './dto/friend-link-admin.dto';
import { toFriendLink } from './dto/link.response';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class FriendLinksAdminController {
  private readonly records: AdminRecords<FriendLink>;

  constructor(
    @InjectRepository(FriendLink) repo: Repository<FriendLink>,
    events: ContentEvents,
    audit: AuditService,
  ) {
    this.records = new AdminRecords(
      repo,
      events,
      'friend_links',
      '友链不存在',
      audit,
      'friend_link',
    );
  }

  @Serves('GET api/admin/get_friend_links.php')
  async list() {
    const rows = await this.records.list();
    return { success: true, message: 'ok', data: rows.map(toFriendLink) };
  }

  @Serves('POST api/admin/add_friend_link.php')
  async add(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveFriendLinkDto) {
    const row = await this.records.add({ adminId, ip }, toFriendLinkValues(body));
    return { success: true, message: '友链添加成功', data: toFriendLink(row) };
  }

  @Serves('POST api/admin/update_friend_link.php')
  async update(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: UpdateFriendLinkDto,
  ) {
    const row = await this.records.update({ adminId, ip }, body.id, toFriendLinkValues(body));
    return { success: true, message: '友链更新成功', data: toFriendLink(row) };
  }

  /** A GET that deletes (SPEC.md §7): it still needs the XSRF header like every write. */
  @Serves('GET api/admin/delete_friend_link.php')
  @RequireCsrf()
  async remove(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Query() query: FriendLinkIdDto,
  ) {
    await this.records.remove({ adminId, ip }, query.id);
    return { success: true, message: '友链删除成功' };
  }
}
