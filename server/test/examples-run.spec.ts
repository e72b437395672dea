import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { DataSource } from 'typeorm';
import type { ApiDetail } from '../src/contracts/apis';
import {
  parseListField,
  type RequestParam,
  type ResponseParam,
} from '../src/contracts/list-fields';
import {
  buildRequestModel,
  type ExampleLanguage,
  initialValues,
  KEY_PLACEHOLDER,
  renderExample,
  type RequestApi,
  type RequestModel,
} from '../src/contracts/request-examples';
import { ApiEntry } from '../src/database/entities';
import { DEMO_APIS } from '../src/seed/demo-apis';
import { createApi } from './factories/catalogue';
import { createKeyedUser, ledgerOf } from './factories/gateway';
import { describeEachDb } from './harness';
import { CI } from './requires';

/**
 * The API pages' generated examples, run as a reader would run them: every seeded API, written
 * in curl, Node, Python (requests), PHP (cURL) and, where a JDK is installed, Java, executed
 * against a live server with a funded key. The other languages are compared with golden files.
 */

const run = promisify(execFile);
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
/** A JDK: .ci/run installs one where it is missing; elsewhere the Java test skips without. */
const JAVA = has('javac') && has('java');
// Debian's python3 is the one CI gives python3-requests (.ci/run); a pyenv shim may lack it.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

interface Runner {
  file: string;
  command: (file: string) => [string, string[]];
}

const RUNNERS: Partial<Record<ExampleLanguage, Runner>> = {
  curl: { file: 'example.sh', command: (file) => ['sh', [file]] },
  node: { file: 'example.mjs', command: (file) => ['node', [file]] },
  python: { file: 'example.py', command: (file) => [PYTHON, [file]] },
  php: { file: 'example.php', command: (file) => ['php', [file]] },
};

/**
 * Runs each named example's main in one JVM (starting one for each cost a second apiece), its
 * standard output going to `<class>.out`. An example that fails exits the JVM with its status on
 * stderr, after the line naming it.
 */
const JAVA_RUN_ALL = `import java.io.FileOutputStream;
import java.io.PrintStream;

public class RunAll {
    public static void main(String[] names) throws Exception {
        PrintStream console = System.out;
        for (String name : names) {
            System.err.println("running " + name);
            try (PrintStream out = new PrintStream(new FileOutputStream(name + ".out"), true, "UTF-8")) {
                System.setOut(out);
                Class.forName(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            } finally {
                System.setOut(console);
            }
        }
    }
}
`;

/** What every file a multipart example sends holds (the demo file-hash API's example file). */
const EXAMPLE_FILE = 'Portico example file\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each file the model sends, written where its example runs (the reader's current directory). */
function writeExampleFiles(model: RequestModel, cwd: string): void {
  for (const [, path] of model.files) {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), EXAMPLE_FILE);
  }
}

/** APIs whose answer is checked further than its shape: the hash of what the example sent. */
const EXPECTED_HASHES: Record<string, string> = {
  'file-hash': sha256(EXAMPLE_FILE),
  'form-hash': sha256('hello'),
};

/** A hash API hashed exactly what its example sent (the file, the form's text). */
function expectHash(api: ApiDetail, output: string, label: string): void {
  const expected = EXPECTED_HASHES[api.name_en];
  if (!expected) return;
  const { data } = JSON.parse(output) as { data: { hash?: string } };
  expect({ label, hash: data.hash }).toEqual({ label, hash: expected });
}

/**
 * A form-encoded API beside the seeded ones (whose POSTs take JSON or a multipart form): the
 * built-in hash, sent as application/x-www-form-urlencoded.
 */
const createFormHashApi = (dataSource: DataSource) =>
  createApi(dataSource, {
    name: 'Form hash',
    name_en: 'form-hash',
    handler: 'hash',
    request_method: 'POST',
    request_format: 'application/x-www-form-urlencoded',
    endpoint: '/apis/form-hash',
    example_url: '/apis/form-hash',
    request_params: JSON.stringify([
      { name: 'text', type: 'string', required: true, description: '', example: 'hello' },
      {
        name: 'algo',
        type: 'string',
        required: false,
        description: '',
        enum: ['md5', 'sha1', 'sha256', 'sha512'],
      },
    ]),
    response_params: JSON.stringify([
      { name: 'success', type: 'boolean', description: '' },
      { name: 'message', type: 'string', description: '' },
      { name: 'data', type: 'object', description: '' },
      { name: 'data.algo', type: 'string', description: '' },
      { name: 'data.hash', type: 'string', description: '' },
    ]),
    status: 1,
    is_paid: 0,
  });

/** The detail as the API page reads it (list fields decoded). */
function asPageSees(detail: ApiDetail): ApiDetail {
  return {
    ...detail,
    request_params: parseListField<RequestParam>(detail.request_params),
    response_params: parseListField<ResponseParam>(detail.response_params),
  };
}

/** The top-level fields of `data` the API documents (data.x, data.y...). */
const documentedFields = (api: ApiDetail) =>
  api.response_params
    .map((p) => p.name ?? p.key ?? '')
    .filter((name) => /^data\.[^.[\]]+$/.test(name))
    .map((name) => name.slice(5));

/** A successful JSON answer in the documented envelope, every data field a documented one. */
function expectDocumentedShape(api: ApiDetail, output: string, label: string): void {
  const body = JSON.parse(output) as { success: boolean; message: string; data: unknown };
  expect({ label, success: body.success, message: body.message }).toEqual({
    label,
    success: true,
    message: 'ok',
  });
  const documented = documentedFields(api);
  expect(typeof body.data).toBe('object');
  const fields = Object.keys(body.data as object);
  expect({ label, undocumented: fields.filter((f) => !documented.includes(f)) }).toEqual({
    label,
    undocumented: [],
  });
  expect(fields.length).toBeGreaterThan(0);
}

/** A saved image: SVG text or PNG bytes, as chosen. */
function expectImage(path: string, label: string): void {
  const bytes = readFileSync(path);
  const kind = path.endsWith('.png')
    ? bytes.subarray(1, 4).toString('latin1') === 'PNG'
    : bytes.toString('utf8').includes('<svg');
  expect({ label, image: kind }).toEqual({ label, image: true });
}

describeEachDb(
  'generated examples run against the live server',
  (ctx) => {
    let dir: string;
    let apis: ApiDetail[];
    let apiKey: string;
    let userId: number;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'portico-examples-'));
      ({
        apiKey,
        user: { id: userId },
      } = await createKeyedUser(ctx.t, 1_000_000));
      await createFormHashApi(ctx.t.dataSource);
      const names = (await ctx.t.dataSource.getRepository(ApiEntry).find({ where: { status: 1 } }))
        .map((api) => api.name_en)
        .sort();
      const client = ctx.t.client();
      apis = [];
      for (const name_en of names) {
        const res = await client.get<{ data: ApiDetail }>('/api/get_api_detail.php', {
          query: { name_en },
        });
        apis.push(asPageSees(res.body.data));
      }
    });

    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const keptIdempotencyKeys = async () => {
      const [row] = await ctx.t.dataSource.query<{ n: number | string }[]>(
        'SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?',
        [userId],
      );
      return Number(row.n);
    };

    it('the demo catalogue is seeded, with POST APIs in each body format and an image API', () => {
      expect(apis.length).toBeGreaterThanOrEqual(30);
      expect(apis.some((api) => api.request_method === 'POST')).toBe(true);
      expect(apis.some((api) => !api.response_format.includes('json'))).toBe(true);
      // A form (form-hash, made above) and a multipart form with a file (the seeded file-hash).
      expect(apis.map((api) => api.name_en)).toEqual(
        expect.arrayContaining(Object.keys(EXPECTED_HASHES)),
      );
    });

    // What a language's examples check is the same on either database: on MySQL, curl's alone
    // (the quickest) checks that the calls they make are charged there exactly once.
    const languages = (Object.keys(RUNNERS) as ExampleLanguage[]).filter(
      (language) => ctx.db === 'sqlite' || language === 'curl',
    );
    it.each(languages)(
      '%s: every API answers 200 in the documented shape',
      async (language) => {
        const runner = RUNNERS[language]!;
        const before = await ledgerOf(ctx.t, userId);
        const keysBefore = await keptIdempotencyKeys();
        let charged = 0;
        let paidCalls = 0;
        for (const api of apis) {
          const label = `${language} ${api.name_en}`;
          const model = buildRequestModel(api, initialValues(api), ctx.t.baseUrl, apiKey);
          const cwd = join(dir, language, api.name_en);
          mkdirSync(cwd, { recursive: true });
          writeExampleFiles(model, cwd);
          writeFileSync(join(cwd, runner.file), renderExample(model, language));
          const [command, args] = runner.command(runner.file);
          const { stdout } = await run(command, args, { cwd, timeout: 20_000 }).catch(
            (error: { stderr?: string; message: string }) => {
              throw new Error(`${label} failed: ${error.stderr || error.message}`);
            },
          );
          if (model.saveAs) expectImage(join(cwd, model.saveAs), label);
          else {
            expectDocumentedShape(api, stdout, label);
            expectHash(api, stdout, label);
          }
          if (api.is_paid) {
            charged += Math.round(Number(api.price_per_call) * 1000);
            paidCalls++;
          }
        }
        // Every paid call sent an Idempotency-Key of its own, which the gateway kept.
        expect(paidCalls).toBeGreaterThan(0);
        expect((await keptIdempotencyKeys()) - keysBefore).toBe(paidCalls);
        // Each paid call cost exactly its price; the ledger still adds up.
        const after = await ledgerOf(ctx.t, userId);
        expect(before.balance - after.balance).toBe(charged);
        expect(after.balance).toBe(after.expected);
      },
      120_000,
    );

    // Compiling them takes a while and each JVM start a second: once, on SQLite, in one JVM.
    const javaTest = ctx.db !== 'sqlite' ? null : JAVA || CI ? it : it.skip;
    javaTest?.(
      'Java (HttpClient): every API compiles and answers 200 in the documented shape',
      async () => {
        const javaDir = join(dir, 'java');
        mkdirSync(javaDir, { recursive: true });
        const models = apis.map((api, i) => {
          const model = buildRequestModel(api, initialValues(api), ctx.t.baseUrl, apiKey);
          writeExampleFiles(model, javaDir);
          // One javac run for all: each example's class gets its own name.
          const code = renderExample(model, 'java').replace(
            'public class Example {',
            `public class Example${i} {`,
          );
          writeFileSync(join(javaDir, `Example${i}.java`), code);
          return model;
        });
        writeFileSync(join(javaDir, 'RunAll.java'), JAVA_RUN_ALL);
        const sources = [...apis.map((_, i) => `Example${i}.java`), 'RunAll.java'];
        await run('javac', ['-d', javaDir, ...sources.map((file) => join(javaDir, file))], {
          timeout: 60_000,
        });
        const classes = apis.map((_, i) => `Example${i}`);
        await run('java', ['-cp', javaDir, 'RunAll', ...classes], {
          cwd: javaDir,
          timeout: 120_000,
        }).catch((error: { stderr?: string; message: string }) => {
          throw new Error(`java failed: ${error.stderr || error.message}`);
        });
        for (const [i, api] of apis.entries()) {
          const label = `java ${api.name_en}`;
          const stdout = readFileSync(join(javaDir, `Example${i}.out`), 'utf8');
          const saveAs = models[i].saveAs;
          if (saveAs) expectImage(join(javaDir, saveAs), label);
          else {
            expectDocumentedShape(api, stdout, label);
            expectHash(api, stdout, label);
          }
        }
      },
      180_000,
    );
  },
  { SEED_DEMO: 'true', RATE_LIMIT_PER_KEY: '100000', RATE_LIMIT_PER_IP: '100000' },
);

/** The seeded catalogue as the page would read it, before any server exists. */
function seededApis(): RequestApi[] {
  return DEMO_APIS.filter((api) => api.status === 1).map((api) => ({
    name_en: api.name_en,
    endpoint: `/apis/${api.name_en}`,
    request_method: api.request_method,
    request_format: api.request_format,
    request_params: api.request_params,
    example_url: `/apis/${api.name_en}${api.example_query ? `?${api.example_query}` : ''}`,
    response_format: api.response_format,
    is_paid: api.is_paid,
  }));
}

const GOLDEN_DIR = join(__dirname, 'golden', 'examples');
const GOLDEN: ExampleLanguage[] = ['javascript', 'go', 'java', 'csharp', 'ruby', 'rust'];

describe('generated examples in the other languages match their golden files', () => {
  it.each(GOLDEN)('%s', (language) => {
    const text = seededApis()
      .map((api) => {
        const model = buildRequestModel(
          api,
          initialValues(api),
          'https://your-portico.example',
          api.is_paid ? KEY_PLACEHOLDER : null,
        );
        return `==== ${api.name_en}\n${renderExample(model, language)}\n`;
      })
      .join('\n');
    const file = join(GOLDEN_DIR, `${language}.txt`);
    // UPDATE_GOLDEN=1 rewrites the files after a deliberate change; review the diff.
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(file, text);
    }
    expect(text).toBe(readFileSync(file, 'utf8'));
  });
});
