import { AppError } from '../../common/app-error';
import { DEMO_APIS } from '../../seed/demo-apis';
import { BUILTIN_HANDLERS } from './index';
import { harness } from './test/harness';
import type { BuiltinFile, BuiltinResponse } from './types';

const { call, expectInvalid } = harness(BUILTIN_HANDLERS);

describe('BUILTIN_HANDLERS', () => {
  it('has at least 32 handlers with url-safe names that do not reach the prototype', () => {
    const names = Object.keys(BUILTIN_HANDLERS);
    expect(names.length).toBeGreaterThanOrEqual(32);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]{1,32}$/);
    expect(BUILTIN_HANDLERS['constructor']).toBeUndefined();
    expect('toString' in BUILTIN_HANDLERS).toBe(false);
    expect(Object.isFrozen(BUILTIN_HANDLERS)).toBe(true);
  });
});

/** Hostile values for every documented parameter: each must give a 2xx or a 400 AppError. */
const HOSTILE_VALUES: unknown[] = [
  'x'.repeat(200_000),
  '\ud800',
  '😀'.repeat(50),
  '%%%',
  '-1',
  '1e309',
  '0x10',
  '  ',
  '\u0000',
  '../../etc/passwd',
  12.5,
  -1,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  ['a'],
  { nested: { value: 1 } },
];

async function outcome(run: () => Promise<BuiltinResponse>): Promise<'ok' | 'invalid'> {
  try {
    const response = await run();
    expect(response.status ?? 200).toBeLessThan(300);
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(/parameter '[a-z_]+'/);
    return 'invalid';
  }
}

type DemoApi = (typeof DEMO_APIS)[number];

/** The example's values that travel as text (a multipart form's files are not in its URL). */
function exampleQuery(api: DemoApi): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(api.example_query));
}

/** The example's files, as the gateway hands a multipart form's file parts to a built-in. */
function exampleFiles(api: DemoApi): Record<string, BuiltinFile> {
  return Object.fromEntries(
    api.request_params
      .filter((p) => p.type === 'file')
      .map((p) => [
        p.name,
        { filename: p.example!, type: 'text/plain', data: Buffer.from('Portico example file\n') },
      ]),
  );
}

/** A call's request with the example's files in its body (none: no body). */
const withFiles = (api: DemoApi, body?: Record<string, unknown>) => {
  const files = exampleFiles(api);
  return Object.keys(files).length > 0 || body ? { body: { ...body, ...files } } : {};
};

describe('hostile input', () => {
  it.each(DEMO_APIS.map((api) => [api.name_en, api] as const))(
    '%s answers 2xx or 400',
    async (_, api) => {
      for (const { name } of api.request_params) {
        for (const value of HOSTILE_VALUES) {
          const body = { ...exampleQuery(api), [name]: value };
          await outcome(() => call(api.handler, {}, { method: 'POST', body }));
          if (typeof value === 'string') {
            await outcome(() => call(api.handler, { ...exampleQuery(api), [name]: value }));
          }
        }
      }
    },
  );
});

/** Entries whose example response must equal a fresh call exactly (no randomness, no clock). */
const DETERMINISTIC = new Set([
  'timestamp',
  'date-diff',
  'hash',
  'file-hash',
  'base64',
  'urlencode',
  'html-escape',
  'hex',
  'crc32',
  'json-format',
  'regex-test',
  'user-agent',
  'color',
  'slugify',
  'case-convert',
  'text-stats',
  'text-diff',
  'roman',
  'number-words',
  'rmb-upper',
  'unit-convert',
  'prime',
  'luhn',
  'email-check',
  'ip-cidr',
]);

describe('DEMO_APIS', () => {
  it('has one entry per handler, with unique url-safe names', () => {
    const names = DEMO_APIS.map((api) => api.name_en);
    expect(DEMO_APIS.length).toBeGreaterThanOrEqual(32);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
    expect(DEMO_APIS.map((api) => api.handler).sort()).toEqual(
      Object.keys(BUILTIN_HANDLERS).sort(),
    );
  });

  it('mixes free, paid, pinned and exactly one disabled entry', () => {
    const paid = DEMO_APIS.filter((api) => api.is_paid === 1);
    const pinned = DEMO_APIS.filter((api) => api.is_pinned === 1);
    expect(DEMO_APIS.filter((api) => api.status === 0)).toHaveLength(1);
    expect(paid.length).toBeGreaterThanOrEqual(8);
    expect(paid.length).toBeLessThanOrEqual(10);
    expect(pinned.length).toBeGreaterThanOrEqual(3);
    expect(pinned.length).toBeLessThanOrEqual(4);
    expect(pinned.some((api) => api.is_paid === 1)).toBe(true);
    expect(pinned.some((api) => api.is_paid === 0)).toBe(true);
    for (const api of DEMO_APIS) {
      expect(Number.isInteger(api.price_per_call_milli)).toBe(true);
      if (api.is_paid) expect(api.price_per_call_milli).toBeGreaterThan(0);
      else expect(api.price_per_call_milli).toBe(0);
    }
  });

  it('fits the columns of the apis table', () => {
    for (const api of DEMO_APIS) {
      expect(api.name.length).toBeLessThanOrEqual(100);
      expect(api.name_en.length).toBeLessThanOrEqual(100);
      expect(api.handler.length).toBeLessThanOrEqual(32);
      expect(`/apis/${api.name_en}?${api.example_query}`.length).toBeLessThanOrEqual(500);
      expect(api.description).toMatch(/\p{Script=Han}/u);
      expect(api.description_en).toMatch(/^[A-Z]/);
    }
  });

  it.each(DEMO_APIS.map((api) => [api.name_en, api] as const))(
    '%s is documented consistently',
    async (_, api) => {
      const response = await call(api.handler, exampleQuery(api), withFiles(api));
      expect(response.status ?? 200).toBe(200);

      const viaBody = await call(
        api.handler,
        {},
        { method: 'POST', ...withFiles(api, exampleQuery(api)) },
      );
      expect(viaBody.status ?? 200).toBe(200);

      for (const { name } of api.request_params.filter((p) => p.required)) {
        const query = exampleQuery(api);
        delete query[name];
        const { body } = withFiles(api);
        if (body) delete body[name];
        await expectInvalid(api.handler, query, `parameter '${name}'`, body && { body });
      }

      for (const { name, type } of api.request_params) {
        const bad =
          type === 'integer' || type === 'number'
            ? 'not-a-number'
            : type === 'boolean'
              ? 'maybe'
              : undefined;
        if (bad !== undefined)
          await expectInvalid(
            api.handler,
            { ...exampleQuery(api), [name]: bad },
            `parameter '${name}'`,
            withFiles(api),
          );
      }

      const read = new Set<string>();
      const tracked = new Proxy(exampleQuery(api), {
        getOwnPropertyDescriptor(target, key) {
          if (typeof key === 'string') read.add(key);
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      });
      await call(api.handler, {}, { query: tracked, ...withFiles(api) });
      expect([...read].sort()).toEqual(
        api.request_params
          .filter((p) => p.type !== 'file')
          .map((p) => p.name)
          .sort(),
      );
      for (const key of Object.keys(exampleQuery(api))) expect(read.has(key)).toBe(true);

      const codes = api.status_codes.map((s) => s.code);
      expect(codes).toEqual(api.is_paid ? [200, 400, 401, 402, 429] : [200, 400, 429]);

      expect(api.php_example).toMatch(/^<\?php\n/);
      expect(api.php_example).toContain(`https://your-portico.example/apis/${api.name_en}`);
      expect(api.php_example.includes('X-API-Key')).toBe(api.is_paid === 1);

      if (response.contentType === undefined) {
        const example = JSON.parse(api.response_example);
        const actual = response.body as { data: Record<string, unknown> };
        expect(example).toMatchObject({ success: true, message: 'ok' });
        expect(Object.keys(example.data).sort()).toEqual(Object.keys(actual.data).sort());
        if (DETERMINISTIC.has(api.name_en)) expect(example.data).toEqual(actual.data);
        const documented = api.response_params.map((p) => p.name);
        for (const key of Object.keys(actual.data)) expect(documented).toContain(`data.${key}`);
      } else {
        expect(api.response_example).toContain(response.contentType.split(';')[0]);
      }
    },
  );
});
