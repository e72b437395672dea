import { ERROR_CODES } from '../../contracts/errors';
import { PLAN_LIMITS } from '../../contracts/plans';
import { CHARGED_FROM } from '../../contracts/usage';
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
  /** The footer's copyright text ('' when none): the terms the catalogue's APIs are offered on. */
  copyright: string;
}

const PARAM_SCHEMAS: Record<DocumentedParam['type'], () => Schema> = {
  string: () => ({ type: 'string' }),
  integer: () => ({ type: 'integer' }),
  number: () => ({ type: 'number' }),
  boolean: () => ({ type: 'boolean' }),
  array: () => ({ type: 'array', items: {} }),
  object: () => ({ type: 'object' }),
  // An upload: a part of a multipart body (OpenAPI 3.1 names its content, 3.0 tools the format).
  file: () => ({ type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' }),
};

/** The parameter's schema with its enum, default and example as values of its type. */
function paramSchema(param: DocumentedParam, exampleText = param.example): Schema {
  const schema = PARAM_SCHEMAS[param.type]();
  if (param.type === 'file') return schema;
  const typed = (text: string) => typedParamValue(param, text);
  const choices = (param.enum ?? []).map(typed).filter((value) => value !== undefined);
  if (choices.length > 0) schema.enum = choices;
  const fallback = param.default === undefined ? undefined : typed(param.default);
  if (fallback !== undefined) schema.default = fallback;
  const example = exampleText === undefined ? undefined : typed(exampleText);
  if (example !== undefined) schema.example = example;
  return schema;
}

/**
 * Each parameter's example: its own hint, else its value in the API's example call, so a client
 * working from the document alone can make the call the catalogue shows.
 */
function exampleTexts(api: DocumentedApi): Map<string, string> {
  const texts = new Map<string, string>();
  const query = api.example_url.indexOf('?');
  if (query >= 0) {
    for (const [name, value] of new URLSearchParams(api.example_url.slice(query + 1))) {
      if (!texts.has(name)) texts.set(name, value);
    }
  }
  for (const param of api.request_params) {
    if (param.example !== undefined) texts.set(param.name, param.example);
  }
  return texts;
}

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** `__proto__` as a plain object key would set the prototype instead of a property. */
const usableKey = (name: string) => name !== '__proto__';

const withDescription = (schema: Schema, description: string): Schema =>
  description ? { ...schema, description } : schema;

/**
 * The catalogue as an OpenAPI 3.1 document: one operation per API at /apis/<name_en> (and its
 * path parameters as segments) with its documented method, parameters (query for GET/DELETE, a
 * JSON body for POST/PUT), responses and the gateway's own errors; paid operations carry
 * x-price-per-call and require a key.
 */
export function buildOpenApiDocument(apis: DocumentedApi[], site: DocumentSite, version: string) {
  const paid = apis.some((api) => api.is_paid);
  const free = apis.some((api) => !api.is_paid);
  // Only the headers some answer carries are components: an unused one is noise to a reader.
  const headers = new Set<HeaderName>();
  const paths = Object.fromEntries(
    apis.map((api) => [
      `/apis/${api.name_en}${api.path_params.map((name) => `/{${name}}`).join('')}`,
      { [api.method.toLowerCase()]: operation(api, site.url, headers) },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: site.title,
      version,
      description: [
        site.description,
        'Every API is served at /apis/<name_en>, followed by its path parameters as path ' +
          'segments (each may also be given as the query parameter of its name). Paid operations ' +
          '(x-price-per-call, in yuan) need an API key and deduct the price from its balance on ' +
          'each successful call; free ' +
          "operations take a key optionally (the call then appears in the key owner's call records).",
      ]
        .filter(Boolean)
        .join('\n\n'),
      // The APIs are the site's, offered on its terms: the footer's notice and the About page.
      license: { name: site.copyright || `© ${site.title}`, url: `${site.url}/about` },
    },
    servers: [{ url: site.url || '/' }],
    tags: [
      ...(free ? [{ name: 'Free', description: 'Free APIs: no key needed' }] : []),
      ...(paid ? [{ name: 'Paid', description: 'Paid per call: an API key with balance' }] : []),
    ],
    paths,
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
              enum: Object.keys(ERROR_CODES),
              description: 'A stable error code, e.g. gateway.insufficient_balance',
            },
            field: { type: 'string', description: 'The parameter that failed validation' },
            request_id: { type: 'string', description: 'The call, as in X-Request-Id' },
          },
        },
      },
      headers: Object.fromEntries(
        Object.entries(HEADERS).filter(([name]) => headers.has(name as HeaderName)),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

function operation(api: DocumentedApi, siteUrl: string, headers: Set<HeaderName>): Schema {
  const examples = exampleTexts(api);
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
  // Path parameters are the path's segments after /apis/<name_en>, in the upstream's order; the
  // others are the query (GET, DELETE) or the body, in the API's request format. A row marked `in: path` that the
  // upstream URL no longer has goes in the query string, where the gateway reads it too. The row
  // that documents each is the one marked `in: path`, else an older row of that name.
  const rowOf = (name: string) =>
    api.request_params.find((param) => param.name === name && param.in === 'path') ??
    api.request_params.find((param) => param.name === name);
  const inPath = api.path_params.map(
    (name): DocumentedParam =>
      rowOf(name) ?? { name, in: 'path', type: 'string', required: true, description: '' },
  );
  const rest = uniqueParams(api.request_params.filter((param) => !inPath.includes(param)));
  const inQuery = hasBody(api) ? rest.filter((param) => param.in === 'path') : rest;
  const inBody = hasBody(api) ? rest.filter((param) => param.in !== 'path') : [];
  const parameter = (param: DocumentedParam, where: 'path' | 'query') => {
    const { example, ...schema } = paramSchema(param, examples.get(param.name));
    return {
      name: param.name,
      in: where,
      required: where === 'path' || param.required,
      ...(param.description && { description: param.description }),
      schema,
      ...(example !== undefined && { example }),
    };
  };
  if (inPath.length + inQuery.length > 0) {
    op.parameters = [
      ...inPath.map((param) => parameter(param, 'path')),
      ...inQuery.map((param) => parameter(param, 'query')),
    ];
  }
  if (inBody.length > 0) {
    const required = inBody.filter((param) => param.required).map((param) => param.name);
    const properties = Object.fromEntries(
      inBody.map((param) => [
        param.name,
        withDescription(paramSchema(param, examples.get(param.name)), param.description),
      ]),
    );
    op.requestBody = {
      required: required.length > 0,
      content: {
        [api.request_format]: {
          schema: { type: 'object', properties, ...(required.length > 0 && { required }) },
        },
      },
    };
  }
  op.responses = responses(api, siteUrl, headers);
  return op;
}

const hasBody = (api: DocumentedApi) => api.method !== 'GET' && api.method !== 'DELETE';

/** A name documented twice would be a duplicate parameter, which OpenAPI forbids: the first wins. */
function uniqueParams(params: DocumentedParam[]): DocumentedParam[] {
  const seen = new Set<string>();
  return params.filter((param) => {
    if (!usableKey(param.name) || seen.has(param.name)) return false;
    seen.add(param.name);
    return true;
  });
}

/** The API's answers by status; the headers they reference are added to `used`. */
function responses(api: DocumentedApi, siteUrl: string, used: Set<HeaderName>): Schema {
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
  for (const [code, response] of out) {
    const headers = headersOf(api, code);
    if (headers.length > 0) {
      response.headers = Object.fromEntries(
        headers.map(({ name, sometimes }) => {
          // A header its component says is always there, on an answer that carries it only at
          // times (a plan's count): described here, as not required.
          if (sometimes && HEADERS[name].required)
            return [name, { ...HEADERS[name], required: false }];
          used.add(name);
          return [name, { $ref: `#/components/headers/${name}` }];
        }),
      );
    }
  }
  return Object.fromEntries([...out].sort(([a], [b]) => a - b).map(([c, r]) => [String(c), r]));
}

/**
 * The gateway's headers, described once and referenced from each answer that carries them.
 * Those marked required are on every answer that references them.
 */
const HEADERS = {
  'X-Request-Id': header('The id of this call, as in the call records and error bodies', true, {
    type: 'string',
  }),
  'X-RateLimit-Limit': header('Calls allowed per window for this key or address', true, {
    type: 'integer',
    minimum: 0,
  }),
  'X-RateLimit-Remaining': header('Calls left in the current window', true, {
    type: 'integer',
    minimum: 0,
  }),
  'X-RateLimit-Reset': header('Seconds until the window starts again', true, {
    type: 'integer',
    minimum: 0,
  }),
  'X-Cost': header(
    'Yuan charged for this call (paid APIs): the price, or 0.000 once a failed call is refunded',
    false,
    { type: 'string', pattern: '^\\d+\\.\\d{3}$' },
  ),
  'X-Balance': header("The key owner's balance in yuan after this call (paid APIs)", false, {
    type: 'string',
    pattern: '^-?\\d+\\.\\d{2,3}$',
  }),
  'X-Charged-From': header(
    "What paid for this call (paid APIs): free (one of the API's free calls), plan (one of the calls the user's plan includes), credit (the user's credit grants) or balance",
    false,
    { type: 'string', enum: [...CHARGED_FROM] },
  ),
  'X-Quota-Limit': header(
    "Free calls a user has in each period (APIs that give some); on a call the user's plan paid or refused, the calls of the plan's limit X-Quota-Window names",
    true,
    { type: 'integer', minimum: 0 },
  ),
  'X-Quota-Remaining': header(
    "Free calls left in the period: 0 once the balance pays (APIs that give some); on a call the user's plan paid or refused, the calls left in the plan's limit X-Quota-Window names",
    true,
    { type: 'integer', minimum: 0 },
  ),
  'X-Quota-Reset': header(
    "Seconds until the free calls start again (APIs that give some); on a call the user's plan paid or refused, until the plan's limit X-Quota-Window names does",
    true,
    { type: 'integer', minimum: 1 },
  ),
  'X-Quota-Window': header(
    "On a call the user's plan paid or refused, which of the plan's limits the X-Quota headers tell: the period's included calls, or its limit an hour, a day or a week (the one with the fewest calls left; on a refusal, the used-up one that resets last)",
    false,
    { type: 'string', enum: [...PLAN_LIMITS] },
  ),
  'Retry-After': header('Seconds to wait before trying again', false, {
    type: 'integer',
    minimum: 0,
  }),
  Allow: header('The methods this API takes', true, { type: 'string' }),
};

function header(description: string, required: boolean, schema: Schema): Schema {
  return { description, required, schema };
}

type HeaderName = keyof typeof HEADERS;

const GATEWAY_HEADERS: HeaderName[] = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/**
 * The headers an answer with this status carries; `sometimes`: only on some such answers (a call
 * the caller's plan paid or refused: any paid API's, whatever its free calls).
 */
function headersOf(api: DocumentedApi, code: number): { name: HeaderName; sometimes?: true }[] {
  if (code === 413) return [];
  const extra: HeaderName[] = [];
  if (api.is_paid && (code < 300 || code === 400 || code === 502)) extra.push('X-Cost');
  if (api.is_paid && (code < 300 || code === 400 || code === 402 || code === 502)) {
    extra.push('X-Balance');
  }
  if (api.is_paid && code < 300) extra.push('X-Charged-From');
  // The free calls are counted with the charge: a charged or refused call says where they stand.
  const freeCalls = api.free_quota > 0 && (code < 300 || code === 402);
  if (freeCalls) extra.push(...QUOTA_HEADERS);
  if (code === 429 || code === 503) extra.push('Retry-After');
  if (code === 405) extra.push('Allow');
  const planCounts =
    api.is_paid && (code < 300 || code === 429)
      ? [...(freeCalls ? [] : QUOTA_HEADERS), 'X-Quota-Window' as const]
      : [];
  return [
    ...[...GATEWAY_HEADERS, ...extra].map((name) => ({ name })),
    ...planCounts.map((name) => ({ name, sometimes: true as const })),
  ];
}

const QUOTA_HEADERS: HeaderName[] = ['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset'];

/** The gateway's own answers at an API's path (403 and 409 need a key, which any call may send). */
function gatewayErrors(api: DocumentedApi, siteUrl: string): [number, string][] {
  const errors: [number, string][] = [
    [400, 'A parameter is missing or invalid; message names it (a paid call is refunded)'],
    [401, api.is_paid ? 'Missing or invalid API key' : 'Invalid API key (a key is optional here)'],
  ];
  if (api.is_paid) {
    errors.push([
      402,
      `Insufficient balance or a spending cap reached: recharge at ${siteUrl}/user/recharge`,
    ]);
  }
  const methods = api.method === 'GET' ? 'GET (and HEAD)' : api.method;
  errors.push(
    [403, 'The key may not call this API or be used from this address, or the API was disabled'],
    [404, 'The API is no longer in the catalogue'],
    [405, `This API takes ${methods} requests only`],
    [409, 'The Idempotency-Key is held by a call still running, or was used for another request'],
  );
  if (hasBody(api)) errors.push([413, 'The request body is too large']);
  errors.push([429, 'Rate limited: retry after the number of seconds in Retry-After']);
  if (api.proxied) errors.push([502, 'The upstream failed or timed out (a paid call is refunded)']);
  if (!api.implemented) errors.push([503, 'This API has no implementation configured']);
  else {
    errors.push([
      503,
      api.is_paid
        ? 'Busy, or in maintenance (its checks failed): nothing was charged; retry after Retry-After'
        : 'In maintenance (its checks failed): retry after Retry-After',
    ]);
  }
  return errors;
}

const errorResponse = (description: string): Schema => ({
  description: description || 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function success(api: DocumentedApi, description: string | undefined): Schema {
  const parsed = parseJson(api.response_example);
  const schema = objectSchema(api.response_params);
  // An example the documented fields do not describe (a field they leave out, a string where
  // they say object) would teach a client the wrong shape: it is shown as text instead.
  const example = parsed !== undefined && conforms(parsed, schema) ? parsed : undefined;
  const mediaTypes = api.response_format
    .split(',')
    .map((type) => type.trim())
    .filter((type) => MEDIA_TYPE.test(type));
  const content: Record<string, Schema> = {};
  for (const type of mediaTypes.length > 0 ? mediaTypes : ['application/json']) {
    content[type] = /[/+]json$/i.test(type)
      ? { schema, ...(example !== undefined && { example }) }
      : { schema: { type: 'string', format: 'binary' } };
  }
  // A prose example (an image API's, say) has no media type to sit in: it joins the description.
  const prose =
    example === undefined && api.response_example.trim()
      ? `\n\nExample:\n\n\`\`\`\n${api.response_example.trim()}\n\`\`\``
      : '';
  return { description: `${description || 'OK'}${prose}`, content };
}

/**
 * Whether a value fits a schema of the kind objectSchema writes, read as redocly's strict lint
 * reads examples: where properties are listed, the value has no others.
 */
function conforms(value: unknown, schema: Schema): boolean {
  const types = typesOf(schema).filter((type) => type !== undefined);
  if (types.length > 0 && !types.some((type) => isOfType(value, type))) return false;
  if (Array.isArray(value)) {
    const items = schema.items as Schema | undefined;
    return !items || value.every((item) => conforms(item, items));
  }
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties || value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(
    ([key, field]) => Object.hasOwn(properties, key) && conforms(field, properties[key]),
  );
}

function isOfType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A field's schema from its documented type; a field marked nullable may also be null. */
function fieldSchema(field: DocumentedField): Schema {
  const type = field.type.toLowerCase();
  if (!JSON_TYPES.has(type)) return withDescription({}, field.description);
  const schema: Schema = { type: field.nullable && type !== 'null' ? [type, 'null'] : type };
  if (type === 'array') schema.items = {};
  return withDescription(schema, field.description);
}

/**
 * The response fields as one JSON schema. Dotted names (data.ip) nest inside their parent, as the
 * catalogue documents an envelope's `data`; a parent documented as an array takes them as its
 * items' properties.
 */
function objectSchema(fields: DocumentedField[]): Schema {
  // With no field documented nothing is known of the answer's shape, not even that it is an object.
  const root: Schema = fields.length > 0 ? { type: 'object' } : {};
  for (const field of fields) {
    const segments = field.name.split('.');
    const path = segments.some((segment) => !segment) ? [field.name] : segments;
    if (!path.every(usableKey)) continue;
    let node: Schema | undefined = root;
    for (const segment of path.slice(0, -1)) {
      node = child(node, segment);
      if (!node) break;
    }
    const properties = node && propertiesOf(node);
    if (!properties) continue;
    const leaf = path[path.length - 1];
    properties[leaf] = asDocumented(properties[leaf], fieldSchema(field));
  }
  return root;
}

/**
 * A field's schema over what its children, documented before it, made of it: an array's
 * children are its items' properties.
 */
function asDocumented(before: Schema | undefined, field: Schema): Schema {
  const merged = { ...before, ...field };
  if (!typesOf(field).includes('array') || !before?.properties) return merged;
  const { properties, ...rest } = merged;
  return { ...rest, items: { type: 'object', properties } };
}

const typesOf = (schema: Schema): unknown[] => [schema.type].flat();

function child(node: Schema, name: string): Schema | undefined {
  const properties = propertiesOf(node);
  return properties && (properties[name] ??= { type: 'object' });
}

/** Where a node's fields go: its own properties, or its items' for an array; none for a scalar. */
function propertiesOf(node: Schema): Record<string, Schema> | undefined {
  let holder = node;
  if (typesOf(holder).includes('array')) {
    const items = holder.items as Schema;
    if (!items.type) items.type = 'object';
    holder = items;
  }
  if (holder.type !== undefined && !typesOf(holder).includes('object')) return undefined;
  return (holder.properties ??= {}) as Record<string, Schema>;
}
