import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SessionService } from '../auth/session.service';
import { AdsService } from './ads.service';
import { toAd } from './dto/ad.response';

/** Anyone may read the list (SPEC.md §6); only an admin session sees disabled ads. */
@Controller('api/admin')
export class AdsController {
  constructor(
    private readonly ads: AdsService,
    private readonly sessions: SessionService,
  ) {}

  @Get('get_ads.php')
  async list(@Req() request: FastifyRequest) {
    const admin = (await this.sessions.peek(request, 'admin')) !== null;
    const rows = await this.ads.list(admin);
    return { success: true, message: 'ok', data: rows.map(toAd) };
  }
}
