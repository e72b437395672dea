import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SessionService } from '../auth/session.service';
import { toPartner } from './dto/partner.response';
import { PartnersService } from './partners.service';

/** Anyone may read the list (SPEC.md §6); only an admin session sees disabled partners. */
@Controller('api/admin')
export class PartnersController {
  constructor(
    private readonly partners: PartnersService,
    private readonly sessions: SessionService,
  ) {}

  @Get('get_partners.php')
  async list(@Req() request: FastifyRequest) {
    const admin = (await this.sessions.peek(request, 'admin')) !== null;
    const rows = await this.partners.list(admin);
    return { success: true, message: 'ok', data: rows.map(toPartner) };
  }
}
