import { Body, Controller, Get, HttpCode, Ip, Post, Req, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import type { Ad } from '../../contracts/content';
import { Ad as AdRow } from '../../database/entities';
import { AuditService } from '../audit';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { SessionService } from '../sessions';
import { Showcase } from '../partners';
import { AdIdDto, SaveAdDto, toAdValues, UpdateAdDto } from './dto/ad-admin.dto';
import { toAd } from './dto/ad.response';

/** The ad list (public, with disabled rows for admins) and the admin's ad writes. */
@Controller('api/admin')
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

  @Get('get_ads.php')
  list(@Req() request: FastifyRequest) {
    return this.ads.list(request);
  }

  @Post('add_ad.php')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  add(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveAdDto) {
    return this.ads.add({ adminId, ip }, toAdValues(body));
  }

  @Post('update_ad.php')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdateAdDto) {
    return this.ads.update({ adminId, ip }, body.id, toAdValues(body));
  }

  @Post('delete_ad.php')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: AdIdDto) {
    return this.ads.remove({ adminId, ip }, body.id);
  }
}
