import fc from 'fast-check';
import type { Route } from './routes';

export type AttackKind = 'body' | 'query' | 'headers' | 'path';

/** How the caller's XSRF token travels: as the header matching its cookie, or not. */
export type Xsrf =
  { kind: 'pair' } | { kind: 'none' } | { kind: 'tampered' } | { kind: 'header'; value: string };

/** One hostile request: a single part of it is hostile (`kind`), the rest is what a client sends. */
export interface Attack {
  kind: AttackKind;
  method: string;
  /** The path on the wire (percent-encoding included). */
  path: string;
  /** The query string on the wire, without `?`. */
  query: string;
  headers: Record<string, string>;
  /** Cookie text sent after the caller's own cookies, or `alone` in their place. */
  cookie?: { text: string; alone: boolean };
  xsrf: Xsrf;
  /** Also send the caller's own API key (the gateway's credential; other routes ignore it). */
  keyed: boolean;
  body?: Buffer;
  /** What is hostile about it, for the report. */
  note: string;
}

/** Stands for the caller's own API key in generated headers and queries. */
export const OWN_KEY = '{own-api-key}';

/** Field names any route may be sent besides its own: ids, credentials, paging, the API key. */
const COMMON_KEYS = ['id', 'username', 'password', 'page', 'per_page', 'search', 'name', 'key'];
/** Names that reach Object.prototype when code indexes a plain object with caller input. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
/** A marker a prototype-pollution payload tries to plant on every object in the process. */
export const POLLUTION_MARKER = 'polluted_by_fuzz';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** The values forms send by accident: empty, zero, negative. */
const EDGE_TEXT = ['', '0', '-1'];
const SPECIAL_TEXT = [
  ' ',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  '"; --',
  '\\',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e',
  '😀',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '\r\nX-Injected: 1',
  '%',
  '%zz',
  ...PROTOTYPE_NAMES,
];
/** Past every column's width: VARCHAR limits, MySQL's 64 KB TEXT, the 100-character search. */
const LONG_TEXT = ['x'.repeat(300), '9'.repeat(400), 'é'.repeat(5_000), 'a'.repeat(70_000)];
const PLAUSIBLE = [
  1,
  2,
  '1',
  0,
  'fuzz',
  'https://example.com/a',
  true,
  '0.005',
  '[]',
  '2024-01-01',
];

/**
 * Wire-encodes text as a browser does (lone surrogates become U+FFFD through the UTF-8 round
 * trip). Native, because a slow encoder of the 70 KB values would itself block the event loop
 * this suite measures.
 */
export const pct = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_TEXT), weight: 3 },
  { arbitrary: fc.constantFrom(...SPECIAL_TEXT), weight: 3 },
  { arbitrary: fc.string({ maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
  { arbitrary: fc.constantFrom(...LONG_TEXT), weight: 1 },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 32, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: hostileText, weight: 3 },
);

/** One of the route's own field names (any common one when it declares none). */
const ownField = (keys: string[]) =>
  keys.length > 0 ? fc.constantFrom(...keys) : fc.constantFrom(...COMMON_KEYS);

/** A field name: the route's own most of the time, so values reach its validation and service. */
const fieldName = (keys: string[]) =>
  fc.oneof(
    { arbitrary: ownField(keys), weight: 6 },
    { arbitrary: fc.constantFrom(...COMMON_KEYS), weight: 2 },
    {
      arbitrary: fc.constantFrom(...PROTOTYPE_NAMES.filter((name) => name !== '__proto__')),
      weight: 1,
    },
    { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
  );

function jsonValue(keys: string[]): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      { arbitrary: scalar, weight: 4 },
      { arbitrary: tie('array'), weight: 1 },
      { arbitrary: tie('object'), weight: 1 },
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fieldName(keys), tie('value'), { maxKeys: 4 }),
  }));
  return value;
}

/** A value for one field: plausible (to get past the checks before it), null, or hostile. */
const fieldValue = (keys: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...PLAUSIBLE), weight: 2 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: jsonValue(keys), weight: 3 },
  );

/**
 * A value a form would send for a field of that name, so the other fields of a request get past
 * validation and the one hostile field reaches the service and the database.
 */
function plausibleFor(key: string): fc.Arbitrary<unknown> {
  if (/(^|_)id$/.test(key)) return fc.integer({ min: 1, max: 4 });
  if (/url|logo|avatar|image|favicon/.test(key)) return fc.constant('https://example.com/fuzz.png');
  if (/^(status|is_)/.test(key)) return fc.constantFrom(0, 1);
  if (/page$/.test(key)) return fc.integer({ min: 1, max: 3 });
  if (/_ms$/.test(key)) return fc.integer({ min: 100, max: 5_000 });
  if (/sort_order|rate_limit/.test(key)) return fc.integer({ min: 0, max: 100 });
  if (/price|amount|delta/.test(key)) return fc.constantFrom('0.005', '1.00', 1);
  if (/params|status_codes/.test(key)) return fc.constant('[]');
  if (/name_en|username/.test(key)) return fc.nat({ max: 1e6 }).map((n) => `fuzz_${n}`);
  if (/password/.test(key)) return fc.constant('password-123');
  if (/target/.test(key)) return fc.constantFrom('_self', '_blank');
  if (/method/.test(key)) return fc.constantFrom('GET', 'POST');
  if (/time|date/.test(key)) return fc.constant('2024-01-01 00:00:00');
  return fc.constantFrom('fuzz', 'Fuzz entry');
}

const plausible = (keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((key) => [key, plausibleFor(key)])));

/** Every field plausible but one or two hostile ones. */
const nearlyValid = (keys: string[]) =>
  fc
    .tuple(
      plausible(keys),
      fc.dictionary(ownField(keys), fieldValue(keys), { minKeys: 1, maxKeys: 2 }),
    )
    .map(([valid, hostile]) => ({ ...valid, ...hostile }));

const json = (key: string) => JSON.stringify(key);
const nestedArrays = (key: string, depth: number) =>
  `{${json(key)}:${'['.repeat(depth)}${']'.repeat(depth)}}`;
const nestedObjects = (key: string, depth: number) =>
  `{${json(key)}:${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
const MANY_KEYS = `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
const NEAR_LIMIT_FILL = 'x'.repeat(900_000);
/** Just over the 1 MB body limit. */
const OVERSIZED = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 16) });
const BROKEN_JSON = [
  '',
  ' ',
  '{"a":',
  "{'a':1}",
  '{"a":1}}',
  '{"a":1,}',
  '\ufeff{}',
  'NaN',
  '[',
  '"unterminated',
  '{"a":"\\x"}',
  '{"a":01}',
  '{"a":1}garbage',
];

/** Raw JSON texts no JSON.stringify produces: depth, width, size, prototype keys, odd numbers. */
const rawJson = (key: string): fc.Arbitrary<{ text: string; note: string }> =>
  fc.oneof(
    fc.constantFrom(...BROKEN_JSON).map((text) => ({ text, note: 'broken JSON' })),
    fc.constantFrom(64, 2_000, 100_000).map((depth) => ({
      text: nestedArrays(key, depth),
      note: `arrays nested ${depth} deep`,
    })),
    fc.constantFrom(64, 2_000, 100_000).map((depth) => ({
      text: nestedObjects(key, depth),
      note: `objects nested ${depth} deep`,
    })),
    fc.constant({ text: MANY_KEYS, note: '20,000 keys' }),
    fc.constant({ text: `{${json(key)}:"${NEAR_LIMIT_FILL}"}`, note: '900 KB string' }),
    fc.constant({ text: OVERSIZED, note: 'over the 1 MB limit' }),
    fc
      .constantFrom(
        `{"__proto__":{"${POLLUTION_MARKER}":1},${json(key)}:"x"}`,
        `{"constructor":{"prototype":{"${POLLUTION_MARKER}":1}},${json(key)}:"x"}`,
        `{${json(key)}:{"__proto__":{"${POLLUTION_MARKER}":1}}}`,
        `[{"__proto__":{"${POLLUTION_MARKER}":1}}]`,
      )
      .map((text) => ({ text, note: 'prototype keys' })),
    fc
      .constantFrom('1e999', '-1e999', '123456789012345678901234567890', '-0', '1.0e-400', '0x10')
      .map((number) => ({ text: `{${json(key)}:${number}}`, note: `number ${number}` })),
    fc.constant({ text: `{${json(key)}:1,${json(key)}:"1 OR 1=1"}`, note: 'duplicate keys' }),
  );

const textBody = (text: string) => Buffer.from(text, 'utf8');
const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);

function bodyAttack(keys: string[]) {
  const key = fieldName(keys);
  return fc.oneof(
    {
      arbitrary: nearlyValid(keys).map((fields) => ({
        body: textBody(JSON.stringify(fields)),
        note: 'one hostile field',
      })),
      weight: 4,
    },
    {
      arbitrary: fc
        .dictionary(key, fieldValue(keys), { minKeys: 1, maxKeys: 6 })
        .map((fields) => ({ body: textBody(JSON.stringify(fields)), note: 'hostile fields' })),
      weight: 2,
    },
    {
      arbitrary: jsonValue(keys)
        .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
        .map((value) => ({ body: textBody(JSON.stringify(value)), note: 'not an object' })),
      weight: 1,
    },
    {
      arbitrary: key.chain(rawJson).map(({ text, note }) => ({ body: textBody(text), note })),
      weight: 3,
    },
    {
      arbitrary: key.map((name) => ({
        body: Buffer.concat([textBody(`{${json(name)}:"`), INVALID_UTF8, textBody('"}')]),
        note: 'invalid UTF-8',
      })),
      weight: 1,
    },
  );
}

const GARBAGE_QUERIES = [
  '%',
  '%zz',
  'a=%E0%A4%A',
  '&&&',
  '=',
  '==1',
  'a[]=1&a[]=2',
  'a[b][c]=1',
  'page[$gt]=0',
  'per_page=1&per_page=1000',
  `key=${OWN_KEY}&key=other`,
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
];

function queryAttack(keys: string[]) {
  const key = fieldName(keys);
  const pairOf = (name: fc.Arbitrary<string>) =>
    fc
      .tuple(name, hostileText, fc.constantFrom('encoded', 'raw', 'array', 'nested'))
      .map(([field, value, form]) => {
        if (form === 'raw') return `${field}=${value}`;
        if (form === 'array') return `${pct(field)}[]=${pct(value)}`;
        if (form === 'nested') return `${pct(field)}[${pct(value)}]=1`;
        return `${pct(field)}=${pct(value)}`;
      });
  const pair = pairOf(key);
  return fc.oneof(
    {
      arbitrary: fc.tuple(plausible(keys), pairOf(ownField(keys))).map(([valid, hostile]) => ({
        query: [...Object.entries(valid).map(([k, v]) => `${pct(k)}=${pct(String(v))}`), hostile]
          .filter(Boolean)
          .join('&'),
        note: 'one hostile parameter',
      })),
      weight: 4,
    },
    {
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => ({
        query: pairs.join('&'),
        note: 'hostile parameters',
      })),
      weight: 5,
    },
    {
      arbitrary: key.map((name) => ({
        query: `${pct(name)}=1&${pct(name)}=2&${pct(name)}=x`,
        note: 'repeated key',
      })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(...GARBAGE_QUERIES).map((query) => ({ query, note: 'garbage' })),
      weight: 2,
    },
    {
      // 20 KB is past Node's 16 KB header limit, so the parser refuses it before Fastify routes.
      arbitrary: fc.tuple(key, fc.constantFrom(12_000, 20_000)).map(([name, size]) => ({
        query: `${pct(name)}=${'a'.repeat(size)}`,
        note: `${size}-character value`,
      })),
      weight: 1,
    },
  );
}

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/json;;',
  'application/jsonx',
  'application/vnd.api+json',
  'text/json',
  '*/*',
  'application/octet-stream',
  '',
];

const COOKIE_ATTACKS = [
  `big=${'c'.repeat(5_000)}`,
  `big=${'c'.repeat(12_000)}`,
  // Past Node's 16 KB header limit.
  `big=${'c'.repeat(20_000)}`,
  'XSRF-TOKEN=forged.token',
  'XSRF-TOKEN=',
  `portico_session=${'A'.repeat(150)}`,
  'portico_admin_session=forged',
  'portico_session=%zz; portico_admin_session=%00',
  '=;;==;',
  '%zz=%zz',
  'ä=ö',
];

const MISC_HEADERS: Record<string, string>[] = [
  { accept: 'text/html' },
  { 'x-forwarded-for': '1.2.3.4, not-an-ip, ::1' },
  { 'x-real-ip': '999.999.999.999' },
  { authorization: `Bearer ${OWN_KEY}` },
  { authorization: 'Bearer ' + 'k'.repeat(500) },
  { authorization: 'Basic Og==' },
  { 'x-api-key': 'pk_' + 'A'.repeat(40) },
  { 'x-api-key': '' },
  { 'content-encoding': 'gzip' },
  { 'x-http-method-override': 'DELETE' },
  { host: 'evil.example' },
  { origin: 'https://evil.example', referer: 'https://evil.example/' },
  { 'user-agent': 'u'.repeat(2_000) },
];

function headerAttack(keys: string[]) {
  const form = fc
    .dictionary(fieldName(keys), hostileText, { minKeys: 1, maxKeys: 4 })
    .map((fields) => new URLSearchParams(fields).toString());
  const typed = fc
    .tuple(
      fc.constantFrom(...CONTENT_TYPES),
      fc.oneof(form, fc.constant('{}'), fc.constant('--fuzz\r\n\r\nx\r\n--fuzz--')),
    )
    .map(([type, body]) => ({
      headers: { 'content-type': type },
      body: textBody(body),
      note: `content-type ${JSON.stringify(type)}`,
    }));
  const xsrf: fc.Arbitrary<Xsrf> = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.constant({ kind: 'tampered' as const }),
    fc
      .oneof(
        fc.constantFrom('', 'null', '.', 'a.b', 'x'.repeat(5_000)),
        fc.string({ maxLength: 40 }),
      )
      .map((value) => ({ kind: 'header' as const, value })),
  );
  return fc.oneof(
    { arbitrary: typed, weight: 3 },
    { arbitrary: xsrf.map((value) => ({ xsrf: value, note: `XSRF ${value.kind}` })), weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...COOKIE_ATTACKS), fc.boolean())
        .map(([text, alone]) => ({ cookie: { text, alone }, note: 'cookie' })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(...MISC_HEADERS).map((headers) => ({ headers, note: 'headers' })),
      weight: 2,
    },
  );
}

/** Path mutations: each takes the path and a number choosing where and which variant. */
const MUTATIONS: Record<string, (path: string, at: number) => string> = {
  trailingSlash: (path, at) => path + '/'.repeat(1 + (at % 2)),
  doubledSlashes: (path) => path.replace(/\//g, '//'),
  upperCase: (path) => path.toUpperCase(),
  upperSegment: (path, at) => onSegment(path, at, (segment) => segment.toUpperCase()),
  encodedChar: (path, at) =>
    onSegment(path, at, (segment) => {
      if (!segment) return segment;
      const i = at % segment.length;
      const hex = segment.charCodeAt(i).toString(16).padStart(2, '0');
      return `${segment.slice(0, i)}%${at % 2 ? hex.toUpperCase() : hex}${segment.slice(i + 1)}`;
    }),
  encodedSlash: (path, at) => onSlash(path, at, ['%2f', '%2F', '%252f'][at % 3]),
  backslash: (path, at) => onSlash(path, at, ['\\', '%5c', '%5C'][at % 3]),
  dotSegment: (path, at) => onSlash(path, at, ['/./', '/%2e/', '/%2E/'][at % 3]),
  dotDot: (path, at) =>
    onSlash(path, at, ['/x/../', '/x/%2e%2e/', '/..%2f', '/%2e%2e/', '/%252e%252e/'][at % 5]),
  traversalPrefix: (path, at) => ['/..', '/%2e%2e', '/./..', '/%c0%ae%c0%ae'][at % 4] + path,
  semicolon: (path, at) => onSegment(path, at, (segment) => `${segment};${at % 2 ? 'x=1' : ''}`),
  nul: (path, at) =>
    onSegment(path, at, (segment) => segment + ['%00', '\u0000', '%00.json'][at % 3]),
  badPercent: (path, at) => path + ['%', '%zz', '%e0%a4%a', '%u002e', '%%'][at % 5],
  unicode: (path, at) => path + ['ä', '．．', '%C3%A4', '\u202e'][at % 4],
  longSegment: (path) => `${path}${'a'.repeat(300)}`,
};

function onSegment(path: string, at: number, change: (segment: string) => string): string {
  const segments = path.split('/');
  const i = 1 + (at % (segments.length - 1));
  segments[i] = change(segments[i]);
  return segments.join('/');
}

function onSlash(path: string, at: number, replacement: string): string {
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index);
  const i = slashes[at % slashes.length];
  return path.slice(0, i) + replacement + path.slice(i + 1);
}

function pathAttack(route: Route, path: string) {
  return fc
    .record({
      mutation: fc.constantFrom(...Object.keys(MUTATIONS)),
      at: fc.nat({ max: 1000 }),
      method: fc.oneof(
        { arbitrary: fc.constant(route.method), weight: 4 },
        { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 },
      ),
    })
    .map(({ mutation, at, method }) => ({
      method,
      path: MUTATIONS[mutation](path, at),
      note: `path ${mutation}${method === route.method ? '' : `, method ${method}`}`,
    }));
}

const HOSTILE_SEGMENTS = [
  '',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'IP',
  '..',
  '%2e%2e',
  '%00',
  '%zz',
  '%E2%80%AE',
  'a'.repeat(250),
];
const HOSTILE_SUBPATHS = [
  'x',
  'a/b/c',
  '../../etc/passwd',
  '%2e%2e/%2e%2e',
  'a%2fb',
  '%5c..%5c',
  '?',
  'x'.repeat(2_000),
];

/** The route's template with its `:params` and `*` filled in, mostly with values that exist. */
function concretePath(route: Route, paramValues: string[]): fc.Arbitrary<string> {
  const parts = route.path.split(/(:[^/]+|\*)/).filter(Boolean);
  return fc
    .tuple(
      ...parts.map((part) => {
        if (part === '*') {
          return fc.oneof(
            { arbitrary: fc.constant(''), weight: 3 },
            { arbitrary: fc.constantFrom(...HOSTILE_SUBPATHS), weight: 1 },
          );
        }
        if (!part.startsWith(':')) return fc.constant(part);
        const hostile = [
          { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 1 },
          { arbitrary: fc.string({ maxLength: 12 }).map(pct), weight: 1 },
        ];
        return paramValues.length > 0
          ? fc.oneof({ arbitrary: fc.constantFrom(...paramValues.map(pct)), weight: 4 }, ...hostile)
          : fc.oneof(...hostile);
      }),
    )
    .map((filled) => filled.join(''));
}

/**
 * Hostile requests for one route. Writes are mostly attacked through their body, reads through
 * their query; every route also gets header and path attacks. Whatever is not under attack is
 * what a form would send, so each attack gets as far into the route as it can.
 */
export function attacksOn(route: Route, paramValues: string[]): fc.Arbitrary<Attack> {
  const takesBody = BODY_METHODS.has(route.method);
  const keys = [...new Set([...route.bodyKeys, ...route.queryKeys])];
  const weights = takesBody
    ? { body: 4, query: 1, headers: 2, path: 2 }
    : { body: 1, query: 4, headers: 2, path: 2 };
  const formBody = takesBody
    ? plausible(route.bodyKeys).map((fields) => textBody(JSON.stringify(fields)))
    : fc.constant(undefined);
  return concretePath(route, paramValues)
    .chain((path) =>
      fc.tuple(
        fc.constant(path),
        fc.boolean(),
        formBody,
        fc.oneof(
          {
            arbitrary: bodyAttack(takesBody ? route.bodyKeys : keys).map((part) => ({
              kind: 'body' as const,
              ...part,
            })),
            weight: weights.body,
          },
          {
            arbitrary: queryAttack(takesBody ? keys : route.queryKeys).map((part) => ({
              kind: 'query' as const,
              ...part,
            })),
            weight: weights.query,
          },
          {
            arbitrary: headerAttack(keys).map((part) => ({ kind: 'headers' as const, ...part })),
            weight: weights.headers,
          },
          {
            arbitrary: pathAttack(route, path).map((part) => ({ kind: 'path' as const, ...part })),
            weight: weights.path,
          },
        ),
      ),
    )
    .map(([path, keyed, body, part]) => {
      const attack: Attack = {
        method: route.method,
        path,
        query: '',
        headers: {},
        xsrf: { kind: 'pair' },
        keyed,
        body,
        ...part,
      };
      if (attack.body && !('content-type' in attack.headers)) {
        attack.headers = { ...attack.headers, 'content-type': 'application/json' };
      }
      return Object.assign(attack, { [fc.toStringMethod]: () => describeAttack(attack) });
    });
}

export function excerpt(text: string, max = 160): string {
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${shown}… (${text.length} chars)` : shown;
}

export function describeAttack(attack: Attack): string {
  const parts = [
    `[${attack.kind}: ${attack.note}] ${attack.method} ${excerpt(attack.path + (attack.query ? `?${attack.query}` : ''))}`,
  ];
  if (Object.keys(attack.headers).length > 0) {
    parts.push(`headers ${excerpt(JSON.stringify(attack.headers))}`);
  }
  if (attack.cookie) parts.push(`cookie ${excerpt(attack.cookie.text, 60)}`);
  if (attack.xsrf.kind !== 'pair') parts.push(`xsrf ${excerpt(JSON.stringify(attack.xsrf), 60)}`);
  if (attack.keyed) parts.push('with own API key');
  if (attack.body) parts.push(`body ${excerpt(attack.body.toString('utf8'))}`);
  return parts.join(' ');
}
