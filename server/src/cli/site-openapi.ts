import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../contracts/errors';
import { SITE_ROUTES } from '../contracts/routes';
import type { Caller, SiteRoute } from '../contracts/routes';
import { SESSION_COOKIES, XSRF_COOKIE, XSRF_HEADER } from '../modules/sessions';

/** Where `npm run openapi:site` writes the document (a test keeps it equal to the table). */
export const SITE_OPENAPI_FILE = join(__dirname, '../../../docs/site-api.openapi.json');

/** Afdian's call, answered in Afdian's format (docs/operations.md), not one the web app makes. */
export const AFDIAN_WEBHOOK: SiteRoute = 'POST api/afdian/webhook';

const WHO: Record<Caller, string> = {
  anyone: 'Anyone may call it.',
  user: 'A signed-in user: without the session cookie it answers 401 `auth.unauthenticated`.',
  admin:
    'A signed-in administrator: without the admin session cookie it answers 401 `auth.admin_unauthenticated`.',
};

/** Anyone's calls say so with the empty requirement: a reader sees no session is needed. */
const SECURITY: Record<Caller, Record<string, string[]>[]> = {
  anyone: [{}],
  user: [{ userSession: [] }],
  admin: [{ adminSession: [] }],
};

/** "get_api_list.php" → "Get api list": the table names each call by its file, as SPEC does. */
const summaryOf = (path: string) => {
  const words = (path.split('/').pop() ?? path).replace(/\.php$/, '').split('_');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const envelope = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
});
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

function operation(route: SiteRoute, caller: Caller) {
  const [method, path] = route.split(' ');
  const writes = method === 'POST';
  return {
    operationId: `${method.toLowerCase()}_${path.replace(/^api\//, '').replace(/[/.]/g, '_')}`,
    summary: summaryOf(path),
    description: WHO[caller],
    tags: [caller],
    security: SECURITY[caller],
    ...(writes && {
      parameters: [{ $ref: '#/components/parameters/Xsrf' }],
      requestBody: {
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    }),
    responses: {
      '200': envelope('`success` true; the payload, when there is one, in `data`'),
      '4XX': error('refused: `code` says why (the list is in ErrorEnvelope)'),
      '503': error('a dependency is unreachable or the write kept losing: retry after Retry-After'),
    },
  };
}

/**
 * The site's own API (`/api/*`, not the catalogue's `/apis/*`) as an OpenAPI 3.1 document, from
 * the route table: every call with its method, who may make it, the CSRF header of writes and the
 * envelope every answer is.
 */
export function siteOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, caller] of Object.entries(SITE_ROUTES) as [SiteRoute, Caller][]) {
    if (route === AFDIAN_WEBHOOK) continue;
    const [method, path] = route.split(' ');
    paths[`/${path}`] = { ...paths[`/${path}`], [method.toLowerCase()]: operation(route, caller) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portico site API',
      version: '1',
      description:
        `The calls the Portico web app makes. Every answer is JSON: \`{ success, message }\` with ` +
        `\`data\` when there is a payload, or \`{ success: false, message, code }\`. Every POST (and ` +
        `the data-changing GET \`delete_friend_link.php\`) sends the \`${XSRF_COOKIE}\` cookie's ` +
        `value back in the \`${XSRF_HEADER}\` header.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // The web app calls its own origin.
    servers: [{ url: '/' }],
    tags: (['anyone', 'user', 'admin'] as const).map((name) => ({ name, description: WHO[name] })),
    paths,
    components: {
      securitySchemes: {
        userSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.user },
        adminSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.admin },
      },
      parameters: {
        Xsrf: {
          name: XSRF_HEADER,
          in: 'header',
          required: true,
          description: `The value of the \`${XSRF_COOKIE}\` cookie.`,
          schema: { type: 'string' },
        },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['success', 'message'],
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            data: {},
          },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['success', 'message', 'code'],
          properties: {
            success: { const: false },
            message: { type: 'string' },
            code: { type: 'string', enum: Object.keys(ERROR_CODES) },
            field: { type: 'string', description: 'the request field the error is about' },
          },
        },
      },
    },
  };
}

if (require.main === module) {
  writeFileSync(SITE_OPENAPI_FILE, `${JSON.stringify(siteOpenApi(), null, 2)}\n`);
  console.log(`wrote ${SITE_OPENAPI_FILE}`);
}
