/** What other features may take from pages/ (the layer rules allow no deeper import). */
export { PAGE_SECURITY_HEADERS } from './spa-fallback';
