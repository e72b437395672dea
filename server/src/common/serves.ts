import { applyDecorators, Get, HttpCode, Post } from '@nestjs/common';
import type { SiteAnswers, SiteRoute, Written } from '../contracts/routes';

/** Where `@Serves` notes its route on the handler, for the route table's test. */
export const SERVED_ROUTE = 'portico:served-route';

/** What a handler of `R` may return: the table's answer, or nothing when it writes the reply. */
type Returns<A> = A extends Written<unknown> ? void | Promise<void> : A | Promise<A>;

/**
 * Makes a method the handler of one route of the site's table (contracts/routes.ts): its Nest
 * route (a POST answers 200, as SPEC's PHP did), and a typecheck that it returns what the table
 * says the route answers. Controllers carry no path prefix, so the route reads here as it does
 * in the table and in the client.
 */
export function Serves<R extends SiteRoute>(route: R) {
  const [method, path] = route.split(' ');
  const nest = method === 'POST' ? applyDecorators(Post(path), HttpCode(200)) : Get(path);
  return <H extends (...args: never[]) => Returns<SiteAnswers[R]>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    nest(target, key, descriptor);
    Reflect.defineMetadata(SERVED_ROUTE, route, descriptor.value!);
  };
}
