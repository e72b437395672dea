import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionService } from '../auth/session.service';
import { CatalogueService } from './catalogue.service';
import { ApiDetailQuery } from './dto/api-detail.query';
import { ListApisQuery } from './dto/list-apis.query';

@Controller('api')
export class CatalogueController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Visitors get prepared bytes (see CatalogueService.publicList); with an admin session, disabled
   * APIs too and up to 1000 per page.
   */
  @Get('get_api_list.php')
  async list(
    @Query() query: ListApisQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if ((await this.sessions.peek(request, 'admin')) !== null) {
      await reply.send({
        success: true,
        message: 'ok',
        ...(await this.catalogue.adminList(query)),
      });
      return;
    }
    await (await this.catalogue.publicList(query)).send(request, reply);
  }

  @Get('get_api_detail.php')
  async detail(@Query() query: ApiDetailQuery, @Req() request: FastifyRequest) {
    const admin = (await this.sessions.peek(request, 'admin')) !== null;
    return { success: true, message: 'ok', data: await this.catalogue.detail(query, admin) };
  }
}
