import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_IMPORT_MAX_BYTES } from '../../contracts/openapi';
import { OpenApiErrors } from './openapi.errors';

const IMPORT_ROUTE = '/api/admin/import_openapi.php';

/**
 * The import's body limit. The document arrives as a JSON string, where one byte can take up to
 * six ("\u001f"): the site's 1 MiB limit refused documents well under the import's own 1 MB. At
 * six bytes a byte and some room for the rest of the body, every document within the limit fits,
 * and the import then measures the document itself.
 */
export const IMPORT_BODY_LIMIT = 6 * OPENAPI_IMPORT_MAX_BYTES + 64 * 1024;

/**
 * Gives the import route its body limit, and a body past it the import's own 413, which names the
 * limit. Set up when the module is built, before Nest registers the routes (onRoute sees only
 * routes registered after it).
 */
@Injectable()
export class ImportBodyLimit {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRoute', (route) => {
      if (route.url !== IMPORT_ROUTE) return;
      route.bodyLimit = IMPORT_BODY_LIMIT;
      // What an error handler throws goes on to the app's own (the envelope).
      route.errorHandler = (error: Error & { code?: string }) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? OpenApiErrors.tooLarge() : error;
      };
    });
  }
}
