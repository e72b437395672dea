/** What other features may take from openapi/ (the layer rules allow no deeper import). */
export { CatalogueDocs } from './catalogue-docs.service';
export type { DocumentedApi } from './dto/documented-api';
export { OpenApiModule } from './openapi.module';
export { pageOrigin, requestOrigin } from './site-url';
