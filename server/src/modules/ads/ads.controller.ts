import { Body, Controller, Get, Post, Req, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { ContentEvents } from '../../common/content-events';
import type { Ad } from '../../contracts/content';
import { Ad as AdRow } from '../../database/entities';
import { AdminGuard } from '../auth/auth.guards';
import { SessionService } from '../auth/session.service';
import { Showcase } from '../partners/showcase';
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
  ) {
    this.ads = new Showcase(repo, events, sessions, { content: 'ads', noun: 'ad', toView: toAd });
  }

  @Get('get_ads.php')
  list(@Req() request: FastifyRequest) {
    return this.ads.list(request);
  }

  @Post('add_ad.php')
  @UseGuards(AdminGuard)
  add(@Body() body: SaveAdDto) {
    return this.ads.add(toAdValues(body));
  }

  @Post('update_ad.php')
  @UseGuards(AdminGuard)
  update(@Body() body: UpdateAdDto) {
    return this.ads.update(body.id, toAdValues(body));
  }

  @Post('delete_ad.php')
  @UseGuards(AdminGuard)
  remove(@Body() body: AdIdDto) {
    return this.ads.remove(body.id);
  }
}
