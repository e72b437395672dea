import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { AppError } from '../../common/app-error';
import { OPENAPI_DOCUMENT_TYPES, OPENAPI_IMPORT_MAX_BYTES } from '../../contracts/openapi';
import { OpenApiErrors } from './openapi.errors';

const IMPORT_ROUTE = '/api/admin/import_openapi.php';
/** What any other route answers a body of these types: what it answers any body but JSON. */
const JSON_ONLY = 'unsupported content type: send application/json';

/**
 * The import's body limit. Sent as it is (OPENAPI_DOCUMENT_TYPES) the body is the document; sent
 * as JSON the document is a string in it, where a quote or a line break takes two bytes: a quarter more, and
 * some room for the rest of the body, fits real documents within the limit (GitHub's takes 8 %
 * more as a JSON string). The import then measures the document itself.
 */
export const IMPORT_BODY_LIMIT = OPENAPI_IMPORT_MAX_BYTES * 1.25 + 64 * 1024;

/** `?dry_run=` of a document sent as it is, as the JSON body's boolean; anything else is left out. */
const DRY_RUN: Record<string, boolean> = { true: true, false: false };

/**
 * A document sent as it is becomes the body the JSON form has, before validation: the controller
 * and its rules are the same for both.
 */
const documentBody: preValidationHookHandler = (request: FastifyRequest, _reply, done) => {
  if (Buffer.isBuffer(request.body)) {
    const query = request.query as Record<string, unknown>;
    const dryRun = DRY_RUN[String(query.dry_run)];
    request.body = { document: request.body, ...(dryRun !== undefined && { dry_run: dryRun }) };
  }
  done();
};

/**
 * Gives the import route its body limit, a body past it the import's own 413, which names the
 * limit, and the document sent as it is. The route is set up when the module is built, before
 * Nest registers the routes (onRoute sees only routes registered after it); the document's media
 * types once the site has set its JSON-only parsers (registerJsonOnlyBodies removes all others).
 */
@Injectable()
export class ImportBodyLimit implements OnModuleInit {
  private readonly fastify: FastifyInstance;

  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter.getInstance<FastifyInstance>();
    this.fastify = fastify;
    fastify.addHook('onRoute', (route) => {
      if (route.url !== IMPORT_ROUTE) return;
      route.bodyLimit = IMPORT_BODY_LIMIT;
      const hooks = route.preValidation;
      route.preValidation = [...(hooks ? [hooks].flat() : []), documentBody];
      // What an error handler throws goes on to the app's own (the envelope).
      route.errorHandler = (error: Error & { code?: string }) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? OpenApiErrors.tooLarge() : error;
      };
    });
  }

  /**
   * The OpenAPI media types, read as bytes and handed on undecoded (the worker decodes them), on
   * the import route only: an HTML form cannot send them, and every other route still takes JSON
   * alone.
   */
  onModuleInit(): void {
    this.fastify.addContentTypeParser(
      [...OPENAPI_DOCUMENT_TYPES],
      { parseAs: 'buffer' },
      (request, body, done) => {
        if (request.routeOptions.url === IMPORT_ROUTE) done(null, body);
        else
          done(
            new AppError(
              'request.unsupported_media_type',
              JSON_ONLY,
              HttpStatus.UNSUPPORTED_MEDIA_TYPE,
            ),
            undefined,
          );
      },
    );
  }
}
