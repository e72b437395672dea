/*
 * Checked by the server's typecheck, never run: the answers table (routes.ts) has an entry for
 * every route and none for a route the table does not list.
 */
import type { SiteAnswers, SiteRoute } from './routes';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const answersCoverRoutes: Same<keyof SiteAnswers, SiteRoute> = true;
