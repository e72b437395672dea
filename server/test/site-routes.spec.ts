import { GUARDS_METADATA } from '@nestjs/common/constants';
import { SERVED_ROUTE } from '../src/common/serves';
import { SITE_ROUTES } from '../src/contracts/routes';
import type { Caller, SiteRoute } from '../src/contracts/routes';
import { AdminGuard, UserGuard } from '../src/modules/sessions';
import { nestHandlers, servedRoutes } from './fuzz/routes';
import { startTestApp } from './harness';
import type { TestApp } from './harness';

/*
 * The route table (contracts/routes.ts) against the server: every JSON route the app serves is in
 * it and nothing else is, with the method it is served under; and each route admits whom the
 * table says, by its guards and by an anonymous call's answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('sqlite');
});
afterAll(() => t?.close());

const TABLE = Object.entries(SITE_ROUTES) as [SiteRoute, Caller][];

/** The site's JSON calls: `/api/…` without path parameters (`/api/:id/:name` are API pages). */
function servedCalls(): string[] {
  return servedRoutes(t.app)
    .filter((route) => route.path.startsWith('/api/') && !route.path.includes(':'))
    .filter((route) => route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.path.slice(1)}`);
}

/** Who each Nest handler admits, from the guards on its controller and on itself. */
function guardedCallers(): Map<string, Caller> {
  const callers = new Map<string, Caller>();
  for (const { route, controller, handler } of nestHandlers(t.app)) {
    const guards = [controller, handler].flatMap(
      (target) => (Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as unknown[],
    );
    const caller: Caller = guards.includes(AdminGuard)
      ? 'admin'
      : guards.includes(UserGuard)
        ? 'user'
        : 'anyone';
    callers.set(route.replace(' /', ' '), caller);
  }
  return callers;
}

it('lists every JSON call the server serves, and only those, with their methods', () => {
  expect(servedCalls().sort()).toEqual(TABLE.map(([route]) => route).sort());
});

it("gives each Nest route the guard of the table's caller", () => {
  const guarded = guardedCallers();
  const nestRoutes = TABLE.filter(([route]) => guarded.has(route));
  // Only the Afdian webhook is a plain Fastify route; every other call is a Nest handler.
  expect(TABLE.filter(([route]) => !guarded.has(route)).map(([route]) => route)).toEqual([
    'POST api/afdian/webhook',
  ]);
  expect(Object.fromEntries(nestRoutes.map(([route]) => [route, guarded.get(route)]))).toEqual(
    Object.fromEntries(nestRoutes),
  );
});

it('declares every Nest route of the table with @Serves, which types its answer', () => {
  const declared = Object.fromEntries(
    [...nestHandlers(t.app)]
      .filter(({ route }) => route.startsWith('GET /api/') || route.startsWith('POST /api/'))
      .filter(({ route }) => !route.includes(':'))
      .map(({ route, handler }) => [
        route.replace(' /', ' '),
        Reflect.getMetadata(SERVED_ROUTE, handler),
      ]),
  );
  expect(Object.keys(declared).length).toBe(TABLE.length - 1);
  expect(Object.entries(declared).filter(([route, served]) => served !== route)).toEqual([]);
});

it('refuses an anonymous call to a user or admin route with the session code', async () => {
  const client = t.client();
  // The XSRF cookie every page load gets, so that writes reach their guards.
  await client.get('/api/get_config.php');
  const refusals: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const [route, caller] of TABLE) {
    if (caller === 'anyone') continue;
    const [method, path] = route.split(' ');
    const res = await client.request(method, `/${path}`, method === 'POST' ? {} : undefined);
    refusals[route] = `${res.status} ${(res.body as { code?: string }).code}`;
    expected[route] =
      caller === 'user' ? '401 auth.unauthenticated' : '401 auth.admin_unauthenticated';
  }
  expect(refusals).toEqual(expected);
});
