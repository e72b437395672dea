import { Controller, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueService } from './catalogue.service';
import { ApiDetailQuery } from './dto/api-detail.query';
import { PublicListApisQuery } from './dto/public-list.query';
import { Serves } from '../../common/serves';

/**
 * The public catalogue: enabled APIs only, the same answer for everyone. An admin session is
 * answered as a visitor; the admin's own list and reads are under /api/admin.
 */
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  /** Prepared bytes: see CatalogueService.publicList. */
  @Serves('GET api/get_api_list.php')
  async list(
    @Query() query: PublicListApisQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await (await this.catalogue.publicList(query)).send(request, reply);
  }

  @Serves('GET api/get_api_detail.php')
  async detail(@Query() query: ApiDetailQuery) {
    return { success: true, message: 'ok', data: await this.catalogue.detail(query) };
  }
}
