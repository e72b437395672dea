import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { startTestApp } from './harness';

/** Runs src/main.ts as `npm start` would, its TypeScript compiled on load by SWC like Jest's. */
const RUN_MAIN_TS = `
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(${JSON.stringify(resolve(__dirname, '../src/main.ts'))});
`;

describe('start-up on a corrupt SQLite file', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-corrupt-'));
    file = join(dir, 'portico.db');
    writeFileSync(file, 'this was never an SQLite database\n'.repeat(200));
  });

  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails at the first attempt with an error naming the file', async () => {
    const opens = jest.spyOn(DataSource.prototype, 'initialize');
    const started = performance.now();
    await expect(startTestApp('sqlite', { DATABASE_URL: `sqlite:${file}` })).rejects.toThrow(
      `the SQLite database at ${file} is not a database (file is not a database)`,
    );
    expect(opens).toHaveBeenCalledTimes(1);
    // Retrying holds the message back half a minute (nine attempts, 3 s apart); one took 9.5 s
    // in a CI run, the app's first start in this worker beside a busy one.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('makes the process exit with that message', async () => {
    const child = spawn(process.execPath, ['-e', RUN_MAIN_TS], {
      cwd: resolve(__dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: `sqlite:${file}`,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((done) => child.once('exit', done));
    expect(stderr).toBe(
      `Portico failed to start: the SQLite database at ${file} is not a database (file is not a database)\n`,
    );
    expect(code).toBe(1);
    // TypeORM logs each retry before waiting 3 s for the next one.
    expect(stdout).not.toContain('Retrying');
  }, 30_000);
});
