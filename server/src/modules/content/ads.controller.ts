import { Body, Controller, Ip, Req, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import type { Ad } from '../../contracts/content';
import { Ad as AdRow } from '../../database/entities';
import { AuditService } from '../audit';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { SessionService } from '../sessions';
import { Showcase } from './showcase';
import { AdIdDto, SaveAdDto, toAdValues, UpdateAdDto } from './dto/ad-admin.dto';
import { toAd } from './dto/ad.response';
import { Serves } from '../../common/serves';

/** The ad list (public, with disabled rows for admins) and the admin's ad writes. */
@Controller()
export class AdsController {
  private readonly ads: Showcase<AdRow, Ad>;

  constructor(
    @InjectRepository(AdRow) repo: Repository<AdRow>,
    events: ContentEvents,
    sessions: SessionService,
    audit: AuditService,
  ) {
    this.ads = new Showcase(repo, events, sessions, audit, {
      content: 'ads',
      target: 'ad',
      noun: 'ad',
      toView: toAd,
    });
  }

  @Serves('GET api/admin/get_ads.php')
  list(@Req() request: FastifyRequest) {
    return this.ads.list(request);
  }

  @Serves('POST api/admin/add_ad.php')
  @UseGuards(AdminGuard)
  add(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveAdDto) {
    return this.ads.add({ adminId, ip }, toAdValues(body));
  }

  @Serves('POST api/admin/update_ad.php')
  @UseGuards(AdminGuard)
  update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdateAdDto) {
    return this.ads.update({ adminId, ip }, body.id, toAdValues(body));
  }

  @Serves('POST api/admin/delete_ad.php')
  @UseGuards(AdminGuard)
  remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: AdIdDto) {
    return this.ads.remove({ adminId, ip }, body.id);
  }
}
