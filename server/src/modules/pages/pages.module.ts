import { Module } from '@nestjs/common';
import { NOT_FOUND_PAGE } from '../../common/envelope.filter';
import { SpaFallback } from './spa-fallback';

/**
 * The site's pages: rendered on the server off the event loop, stored as bytes, and the answer
 * to any page address no route served (the envelope filter asks NOT_FOUND_PAGE).
 */
@Module({
  providers: [SpaFallback, { provide: NOT_FOUND_PAGE, useExisting: SpaFallback }],
  exports: [SpaFallback, NOT_FOUND_PAGE],
})
export class PagesModule {}
