import { request } from 'node:http';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createKeyedUser } from './factories/gateway';
import { describeEachDb, TestApp } from './harness';

type Schema = Record<string, any>;

interface Seeded {
  name_en: string;
  request_method: string;
  is_paid: number;
  example_url: string;
}

interface Call {
  api: string;
  label: string;
  method: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

interface Mismatch {
  api: string;
  call: string;
  status: number;
  instancePath: string;
  schemaPath: string;
  message: string;
}

const LONG = 'x'.repeat(5000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** One HTTP call with exactly these headers (fetch would add Accept-Language and others). */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A documented parameter's value, typed as a JSON body carries it. */
function typed(type: string, text: string): unknown {
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && !isNaN(Number(text))) {
    return Number(text);
  }
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The document's value for a JSON pointer (with `~1` and `~0` escapes). */
function at(document: Schema, pointer: string): any {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, part) => node?.[part], document);
}

const deref = (document: Schema, node: Schema): Schema =>
  node && typeof node.$ref === 'string' ? at(document, node.$ref) : node;

/**
 * Builds, for one seeded API, the calls a client makes: the example call, the call without its
 * first required parameter, with odd text, a wrong-typed and an over-long value, and with a
 * method the API does not take.
 */
function callsFor(api: Seeded, operation: Schema, document: Schema): Call[] {
  const method = api.request_method;
  const example = Object.fromEntries(
    new URL(api.example_url, 'http://example').searchParams.entries(),
  );
  const params: { name: string; required: boolean; type: string }[] = operation.parameters
    ? operation.parameters.map((p: Schema) => ({
        name: p.name,
        required: p.required,
        type: p.schema.type,
      }))
    : Object.entries(
        (deref(document, operation.requestBody?.content?.['application/json']?.schema) ?? {})
          .properties ?? {},
      ).map(([name, schema]: [string, any]) => ({
        name,
        required: (
          operation.requestBody.content['application/json'].schema.required ?? []
        ).includes(name),
        type: schema.type,
      }));
  const types = new Map(params.map((p) => [p.name, p.type]));
  const inputs = (values: Record<string, string>): Pick<Call, 'query' | 'body'> =>
    method === 'GET' || method === 'DELETE'
      ? { query: values }
      : {
          body: Object.fromEntries(
            Object.entries(values).map(([k, v]) => [k, typed(types.get(k) ?? 'string', v)]),
          ),
        };
  const one = (label: string, values: Record<string, string>): Call => ({
    api: api.name_en,
    label,
    method,
    ...inputs(values),
  });
  const calls = [one('example', example)];
  const required = params.find((p) => p.required);
  if (required) {
    const rest = { ...example };
    delete rest[required.name];
    calls.push(one(`missing ${required.name}`, rest));
  }
  for (const p of params.filter((p) => p.type === 'string')) {
    for (const odd of ['a@', '?'])
      calls.push(one(`${p.name}=${odd}`, { ...example, [p.name]: odd }));
  }
  const numeric = params.find((p) => p.type === 'integer' || p.type === 'number');
  if (numeric)
    calls.push(one(`${numeric.name} not a number`, { ...example, [numeric.name]: 'abc' }));
  const text = params.find((p) => p.type === 'string');
  if (text) {
    const long = { ...example, [text.name]: method === 'GET' ? LONG.slice(0, 1500) : LONG };
    calls.push(one(`${text.name} over-long`, long));
  }
  if (method !== 'GET' && method !== 'DELETE' && params.length > 0) {
    const wrong = one('a value of the wrong JSON type', example);
    wrong.body = { ...wrong.body, [params[0].name]: params[0].type === 'string' ? [1, 2] : 'x' };
    calls.push(wrong);
  }
  calls.push({
    ...one('undeclared method', example),
    method: method === 'PATCH' ? 'PUT' : 'PATCH',
  });
  return calls;
}

describeEachDb(
  'Live answers match the exported OpenAPI document',
  (ctx) => {
    it('validates every seeded API’s answers (free and paid, keyed and not, bad inputs) against /openapi.json', async () => {
      const t: TestApp = ctx.t;
      const document = (await t.client().get('/openapi.json')).body as Schema;
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema(document, 'openapi.json');
      const apis = await t.dataSource.query<Seeded[]>(
        'SELECT name_en, request_method, is_paid, example_url FROM apis WHERE status = 1 ORDER BY name_en',
      );
      expect(apis.length).toBeGreaterThan(30);

      const rich = await createKeyedUser(t, 10_000_000);
      const broke = await createKeyedUser(t, 0);
      // A key fenced off every API (403), and one allowed a single call a minute (then 429).
      const fenced = await createKeyedUser(t, 10_000_000);
      const slow = await createKeyedUser(t, 10_000_000);
      await t.dataSource.query('UPDATE api_keys SET allowed_apis = ? WHERE user_id = ?', [
        '[]',
        fenced.user.id,
      ]);
      await t.dataSource.query('UPDATE api_keys SET rate_limit = 1 WHERE user_id = ?', [
        slow.user.id,
      ]);
      const mismatches: Mismatch[] = [];
      const seen = new Map<number, number>();
      let validated = 0;

      const check = async (call: Call, key?: string) => {
        const url = new URL(`/apis/${call.api}`, t.baseUrl);
        for (const [name, value] of Object.entries(call.query ?? {})) {
          url.searchParams.set(name, value);
        }
        const headers: Record<string, string> = { ...call.headers };
        if (key) headers['x-api-key'] = key;
        if (call.body) headers['content-type'] = 'application/json';
        const res = await send(
          url,
          call.method,
          headers,
          call.body ? JSON.stringify(call.body) : undefined,
        );
        const { bytes } = res;
        validated += 1;
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        const where = (instancePath: string, schemaPath: string, message: string) =>
          mismatches.push({
            api: call.api,
            call: `${call.method} ${call.label}${key ? ' (keyed)' : ''}`,
            status: res.status,
            instancePath,
            schemaPath,
            message,
          });
        const path = `/apis/${call.api}`;
        const item = document.paths[path] as Schema;
        // A method the API does not take is answered (405) under the operation it does take.
        const method = item[call.method.toLowerCase()]
          ? call.method.toLowerCase()
          : Object.keys(item)[0];
        const operation = item[method] as Schema;
        const response = operation.responses[String(res.status)] ?? operation.responses.default;
        if (!response) {
          where('', `#/paths/${path}/${method}/responses`, `status ${res.status} is not declared`);
          return;
        }
        for (const [name, declared] of Object.entries(response.headers ?? {})) {
          const header = deref(document, declared as Schema);
          const value = res.headers[name.toLowerCase()];
          if (typeof value !== 'string') {
            if (header.required) where(`header ${name}`, 'required', 'declared header missing');
            continue;
          }
          const schema = header.schema as Schema;
          const instance =
            schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
          const ok = ajv.validate(schema, instance);
          if (!ok) where(`header ${name}`, JSON.stringify(schema), ajv.errorsText());
        }
        if (operation['x-price-per-call'] && res.status === 200 && !res.headers['x-cost']) {
          where('header X-Cost', 'paid 200', 'a paid answer without its price');
        }
        const type = String(res.headers['content-type'] ?? '')
          .split(';')[0]
          .trim();
        const media = response.content?.[type];
        if (!media) {
          if (bytes.length > 0 || response.content) {
            where('', 'content', `content-type ${type} is not declared`);
          }
          return;
        }
        if (!/json$/.test(type)) return;
        const pointer = [
          'paths',
          path,
          method,
          'responses',
          String(res.status),
          'content',
          type,
          'schema',
        ]
          .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
          .join('/');
        const validate = ajv.getSchema(`openapi.json#/${pointer}`);
        if (!validate) throw new Error(`no schema at ${pointer}`);
        if (!validate(JSON.parse(bytes.toString('utf8')))) {
          for (const error of validate.errors ?? []) {
            where(error.instancePath, error.schemaPath, error.message ?? '');
          }
        }
      };

      for (const api of apis) {
        const operation =
          document.paths[`/apis/${api.name_en}`]?.[api.request_method.toLowerCase()];
        expect(operation).toBeDefined();
        const calls = callsFor(api, operation, document);
        for (const call of calls) {
          await check(call);
          await check(call, rich.apiKey);
        }
        const example = calls[0];
        await check(example, 'pk_not_a_key_of_anyone');
        if (api.is_paid) await check(example, broke.apiKey);
        await check(example, fenced.apiKey);
        await check(example, slow.apiKey);
        // The same Idempotency-Key for two different requests: 409.
        const idem = { 'idempotency-key': `conformance-${api.name_en}` };
        await check({ ...example, headers: idem }, rich.apiKey);
        await check(
          {
            ...example,
            headers: idem,
            query: { ...example.query, other: '1' },
            body: example.body && { ...example.body, other: 1 },
          },
          rich.apiKey,
        );
      }

      const report = mismatches
        .map(
          (m) =>
            `${m.api} ${m.call} → ${m.status} at '${m.instancePath}' (${m.schemaPath}): ${m.message}`,
        )
        .join('\n');
      console.log(
        `${validated} live answers validated on ${ctx.db}; statuses ${JSON.stringify(Object.fromEntries(seen))}; ${mismatches.length} mismatches`,
      );
      expect(report).toBe('');
      expect(validated).toBeGreaterThan(400);
      for (const status of [200, 400, 401, 402, 403, 405, 409, 429])
        expect(seen.get(status)).toBeGreaterThan(0);
    }, 300_000);
  },
  { SEED_DEMO: 'true', RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_KEY: '100000' },
);
