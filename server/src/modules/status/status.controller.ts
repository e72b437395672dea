import { applyDecorators, Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../common/app-error';
import { Serves } from '../../common/serves';
import { requestOrigin } from '../openapi';
import { statusBadge, statusFeed } from './status-documents';
import { StatusService } from './status.service';

/** A public document's headers: any site may read or embed it, re-checked within a minute. */
const documentHeaders = (contentType: string) => ({
  'content-type': contentType,
  'cache-control': 'public, max-age=60',
  'access-control-allow-origin': '*',
});

const PublicDocument = (contentType: string) =>
  applyDecorators(
    ...Object.entries(documentHeaders(contentType)).map(([name, value]) => Header(name, value)),
  );

/**
 * The status page's figures for the app (`get_status.php`), and as documents for everyone else: a
 * JSON document, an Atom feed of incidents and an SVG badge per API. The page itself (/status) is
 * the app's, server-rendered.
 */
@Controller()
export class StatusController {
  constructor(private readonly status: StatusService) {}

  @Serves('GET api/get_status.php')
  async page() {
    return { success: true, message: 'ok', data: await this.status.page() };
  }

  @Get('status.json')
  @PublicDocument('application/json; charset=utf-8')
  json() {
    return this.status.page();
  }

  @Get('status.atom')
  @PublicDocument('application/atom+xml; charset=utf-8')
  async atom(@Req() request: FastifyRequest) {
    return statusFeed(await this.status.page(), requestOrigin(request));
  }

  /**
   * /status/<name_en>.svg: one enabled API's state as a badge. Its headers are set once the API
   * is found: a refusal is the site's JSON envelope.
   */
  @Get('status/:file')
  async badge(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const nameEn = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : null;
    const api = (await this.status.page()).apis.find((each) => each.name_en === nameEn);
    if (!api) throw notFound('apis.not_found', 'API not found');
    void reply.headers(documentHeaders('image/svg+xml; charset=utf-8'));
    return statusBadge(api);
  }
}
