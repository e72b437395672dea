import { applyDecorators, Controller, Get, Header, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../common/app-error';
import { CatalogueDocs } from './catalogue-docs.service';
import { requestOrigin } from './site-url';

/**
 * A public document: any site may read it (OpenAPI editors and agents fetch cross-origin), and
 * `no-cache` keeps copies in step with admin edits.
 */
const PublicDocument = (contentType: string) =>
  applyDecorators(
    Header('content-type', contentType),
    Header('cache-control', 'no-cache'),
    Header('access-control-allow-origin', '*'),
  );

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * The catalogue as documents for programs and agents. These are real routes with a file
 * extension, so the page fallback (which serves only extension-less paths, and only on a 404)
 * never answers for them.
 */
@Controller()
export class OpenApiController {
  constructor(private readonly docs: CatalogueDocs) {}

  @Get('openapi.json')
  @PublicDocument(JSON_TYPE)
  json(@Req() request: FastifyRequest) {
    return this.docs.openApi(requestOrigin(request), 'json');
  }

  @Get('openapi.yaml')
  @PublicDocument('application/yaml; charset=utf-8')
  yaml(@Req() request: FastifyRequest) {
    return this.docs.openApi(requestOrigin(request), 'yaml');
  }

  /** /openapi/<name_en>.json: one API's own document, offered for download on its page. */
  @Get('openapi/:file')
  @PublicDocument(JSON_TYPE)
  one(@Param('file') file: string, @Req() request: FastifyRequest) {
    if (!file.endsWith('.json')) throw notFound('apis.not_found', 'API not found');
    return this.docs.apiOpenApi(file.slice(0, -'.json'.length), requestOrigin(request));
  }

  @Get('llms.txt')
  @PublicDocument(TEXT_TYPE)
  llms(@Req() request: FastifyRequest) {
    return this.docs.llms(requestOrigin(request), false);
  }

  @Get('llms-full.txt')
  @PublicDocument(TEXT_TYPE)
  llmsFull(@Req() request: FastifyRequest) {
    return this.docs.llms(requestOrigin(request), true);
  }
}
