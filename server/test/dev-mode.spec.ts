import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Polls until `url` answers with `check` true, or fails after `ms`. */
async function waitFor(url: string, check: (res: Response) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (check(res)) return res;
      last = `status ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in time (${last})`);
}

const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The address Vite printed, once it has. */
async function viteAddress(output: () => string, ms: number): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const plain = output().replace(COLOUR_CODES, '');
    const address = /Local:\s+(http:\/\/localhost:\d+)\//.exec(plain)?.[1];
    if (address) return address;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Vite printed no address:\n${output().slice(-3000)}`);
}

describe('npm run dev', () => {
  let dev: ChildProcess | undefined;
  let output = '';

  afterAll(() => {
    // The whole group: npm, concurrently, the Nest watcher, the server and Vite.
    if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  });

  it('starts the server in watch mode and Vite, which proxies /api to it', async () => {
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'portico-dev-'));
    dev = spawn('npm', ['run', 'dev'], {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        PORTICO_SERVER: `http://127.0.0.1:${port}`,
        DATA_DIR: data,
        DATABASE_URL: `sqlite:${join(data, 'dev.db')}`,
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    await waitFor(`http://127.0.0.1:${port}/healthz`, (res) => res.ok, 150_000).catch((error) => {
      throw new Error(`${String(error)}\n--- npm run dev said:\n${output.slice(-3000)}`);
    });
    // Vite prints its address (in colour on a terminal), moving to the next port when 5173 is
    // taken; it may come up after the server does.
    const vite = await viteAddress(() => output, 60_000);
    const page = await waitFor(`${vite}/`, (res) => res.ok, 30_000);
    expect(await page.text()).toContain('<div id="root">');
    const proxied = await waitFor(`${vite}/api/get_config.php`, (res) => res.ok, 30_000);
    expect(await proxied.json()).toMatchObject({ success: true });
  }, 200_000);
});
