import { typedParamValue } from '../../contracts/request-examples';
import type { DocumentedApi, DocumentedField, DocumentedParam } from './dto/documented-api';

type Schema = Record<string, unknown>;

export const API_KEY_SCHEME = 'ApiKeyHeader';
export const BEARER_SCHEME = 'BearerAuth';

export interface DocumentSite {
  title: string;
  description: string;
  /** The base URL of the site (or '' for relative URLs): the gateway lives under it. */
  url: string;
}

const PARAM_SCHEMAS: Record<DocumentedParam['type'], () => Schema> = {
  string: () => ({ type: 'string' }),
  integer: () => ({ type: 'integer' }),
  number: () => ({ type: 'number' }),
  boolean: () => ({ type: 'boolean' }),
  array: () => ({ type: 'array', items: {} }),
  object: () => ({ type: 'object' }),
};

/** The parameter's schema with its enum, default and example as values of its type. */
function paramSchema(param: DocumentedParam): Schema {
  const schema = PARAM_SCHEMAS[param.type]();
  const typed = (text: string) => typedParamValue(param, text);
  const choices = (param.enum ?? []).map(typed).filter((value) => value !== undefined);
  if (choices.length > 0) schema.enum = choices;
  const fallback = param.default === undefined ? undefined : typed(param.default);
  if (fallback !== undefined) schema.default = fallback;
  const example = param.example === undefined ? undefined : typed(param.example);
  if (example !== undefined) schema.example = example;
  return schema;
}

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** `__proto__` as a plain object key would set the prototype instead of a property. */
const usableKey = (name: string) => name !== '__proto__';

const withDescription = (schema: Schema, description: string): Schema =>
  description ? { ...schema, description } : schema;

/**
 * The catalogue as an OpenAPI 3.1 document: one operation per API at /apis/<name_en> with its
 * documented method, parameters (query for GET/DELETE, a JSON body for POST/PUT), responses and
 * the gateway's own errors; paid operations carry x-price-per-call and require a key.
 */
export function buildOpenApiDocument(apis: DocumentedApi[], site: DocumentSite, version: string) {
  const paid = apis.some((api) => api.is_paid);
  const free = apis.some((api) => !api.is_paid);
  return {
    openapi: '3.1.0',
    info: {
      title: site.title,
      version,
      description: [
        site.description,
        'Every API is served at /apis/<name_en>. Paid operations (x-price-per-call, in yuan) need ' +
          'an API key and deduct the price from its balance on each successful call; free ' +
          "operations take a key optionally (the call then appears in the key owner's call records).",
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
    servers: [{ url: site.url || '/' }],
    tags: [
      ...(free ? [{ name: 'Free', description: 'Free APIs: no key needed' }] : []),
      ...(paid ? [{ name: 'Paid', description: 'Paid per call: an API key with balance' }] : []),
    ],
    paths: Object.fromEntries(
      apis.map((api) => [
        `/apis/${api.name_en}`,
        { [api.method.toLowerCase()]: operation(api, site.url) },
      ]),
    ),
    components: {
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'Your API key, shown in the user centre.',
        },
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same API key as a bearer token.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'message', 'code'],
          properties: {
            success: { type: 'boolean', const: false },
            message: { type: 'string' },
            code: {
              type: 'string',
              description: 'A stable error code, e.g. gateway.insufficient_balance',
            },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

function operation(api: DocumentedApi, siteUrl: string): Schema {
  const params = uniqueParams(api.request_params);
  const op: Schema = {
    operationId: api.name_en,
    summary: api.name,
    ...(api.description && { description: api.description }),
    tags: [api.is_paid ? 'Paid' : 'Free'],
    // An empty requirement makes the key optional: free APIs take one to log the call for its owner.
    security: api.is_paid
      ? [{ [API_KEY_SCHEME]: [] }, { [BEARER_SCHEME]: [] }]
      : [{}, { [API_KEY_SCHEME]: [] }, { [BEARER_SCHEME]: [] }],
  };
  if (api.is_paid) op['x-price-per-call'] = api.price;
  if (params.length > 0 && (api.method === 'GET' || api.method === 'DELETE')) {
    op.parameters = params.map((param) => ({
      name: param.name,
      in: 'query',
      required: param.required,
      ...(param.description && { description: param.description }),
      schema: paramSchema(param),
    }));
  } else if (params.length > 0) {
    const required = params.filter((param) => param.required).map((param) => param.name);
    op.requestBody = {
      required: required.length > 0,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              params.map((param) => [
                param.name,
                withDescription(paramSchema(param), param.description),
              ]),
            ),
            ...(required.length > 0 && { required }),
          },
        },
      },
    };
  }
  op.responses = responses(api, siteUrl);
  return op;
}

/** A name documented twice would be a duplicate parameter, which OpenAPI forbids: the first wins. */
function uniqueParams(params: DocumentedParam[]): DocumentedParam[] {
  const seen = new Set<string>();
  return params.filter((param) => {
    if (!usableKey(param.name) || seen.has(param.name)) return false;
    seen.add(param.name);
    return true;
  });
}

function responses(api: DocumentedApi, siteUrl: string): Schema {
  const documented = new Map<number, string>();
  for (const { code, description } of api.status_codes) {
    if (code >= 100 && code <= 599 && !documented.has(code)) documented.set(code, description);
  }
  const out = new Map<number, Schema>([[200, success(api, documented.get(200))]]);
  for (const [code, description] of documented) {
    if (code === 200) continue;
    out.set(code, code >= 400 ? errorResponse(description) : { description: description || 'OK' });
  }
  // The gateway's own answers, where the API's table does not describe them already.
  for (const [code, description] of gatewayErrors(api, siteUrl)) {
    if (!out.has(code)) out.set(code, errorResponse(description));
  }
  return Object.fromEntries([...out].sort(([a], [b]) => a - b).map(([c, r]) => [String(c), r]));
}

function gatewayErrors(api: DocumentedApi, siteUrl: string): [number, string][] {
  return [
    [400, 'A parameter is missing or invalid; message names it (a paid call is refunded)'],
    [401, api.is_paid ? 'Missing or invalid API key' : 'Invalid API key (a key is optional here)'],
    ...(api.is_paid
      ? ([[402, `Insufficient balance: recharge at ${siteUrl}/user/recharge`]] as [
          number,
          string,
        ][])
      : []),
    [429, 'Rate limited: retry after the number of seconds in Retry-After'],
    ...(api.proxied
      ? ([[502, 'The upstream failed or timed out (a paid call is refunded)']] as [
          number,
          string,
        ][])
      : []),
  ];
}

const errorResponse = (description: string): Schema => ({
  description: description || 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function success(api: DocumentedApi, description: string | undefined): Schema {
  const example = parseJson(api.response_example);
  const mediaTypes = api.response_format
    .split(',')
    .map((type) => type.trim())
    .filter((type) => MEDIA_TYPE.test(type));
  const content: Record<string, Schema> = {};
  for (const type of mediaTypes.length > 0 ? mediaTypes : ['application/json']) {
    content[type] = /[/+]json$/i.test(type)
      ? {
          schema: objectSchema(api.response_params),
          ...(example !== undefined && { example }),
        }
      : { schema: { type: 'string', format: 'binary' } };
  }
  // A prose example (an image API's, say) has no media type to sit in: it joins the description.
  const prose =
    example === undefined && api.response_example.trim()
      ? `\n\nExample:\n\n\`\`\`\n${api.response_example.trim()}\n\`\`\``
      : '';
  return { description: `${description || 'OK'}${prose}`, content };
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function fieldSchema(field: DocumentedField): Schema {
  const type = field.type.toLowerCase();
  const schema: Schema = JSON_TYPES.has(type)
    ? type === 'array'
      ? { type, items: {} }
      : { type }
    : {};
  return withDescription(schema, field.description);
}

/**
 * The response fields as one JSON schema. Dotted names (data.ip) nest inside their parent, as the
 * catalogue documents an envelope's `data`; a parent documented as an array takes them as its
 * items' properties.
 */
function objectSchema(fields: DocumentedField[]): Schema {
  const root: Schema = { type: 'object' };
  for (const field of fields) {
    const segments = field.name.split('.');
    const path = segments.some((segment) => !segment) ? [field.name] : segments;
    if (!path.every(usableKey)) continue;
    let node: Schema | undefined = root;
    for (const segment of path.slice(0, -1)) {
      node = child(node, segment);
      if (!node) break;
    }
    if (!node) continue;
    const properties = (node.properties ??= {}) as Record<string, Schema>;
    const leaf = path[path.length - 1];
    properties[leaf] = { ...properties[leaf], ...fieldSchema(field) };
  }
  return root;
}

function child(node: Schema, name: string): Schema | undefined {
  let holder = node;
  if (holder.type === 'array') {
    const items = holder.items as Schema;
    if (!items.type) items.type = 'object';
    holder = items;
  }
  if (holder.type !== undefined && holder.type !== 'object') return undefined;
  const properties = (holder.properties ??= {}) as Record<string, Schema>;
  return (properties[name] ??= { type: 'object' });
}
