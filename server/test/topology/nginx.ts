import { ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from './wait';

export const NGINX = '/usr/sbin/nginx';
const SOURCE = resolve(__dirname, '../../../docker/nginx.conf');

/**
 * docker/nginx.conf as it would run on loopback: no Docker resolver, a loopback port, and the
 * upstream's one `server app:3000` line as one line per instance (its options kept). Everything else is the file as
 * written; each swap must match exactly once, so a restructured file fails here instead of being
 * tested half-rewritten.
 */
export function loopbackConfig(port: number, upstreamPorts: number[]): string {
  const swaps: [RegExp, (indent: string, options: string) => string][] = [
    [/^( *)resolver [^;]*;\n/gm, () => ''],
    [/^( *)listen 80;$/gm, (indent) => `${indent}listen 127.0.0.1:${port};`],
    [
      /^( *)server app:3000 resolve([^;]*);$/gm,
      (indent, options) =>
        upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${options};`).join('\n'),
    ],
  ];
  let config = readFileSync(SOURCE, 'utf8');
  for (const [pattern, swap] of swaps) {
    const matches = config.match(pattern)?.length ?? 0;
    if (matches !== 1) throw new Error(`${pattern} matched ${matches} times in docker/nginx.conf`);
    // A pattern with one group has the match's offset (a number) where a second group would be.
    config = config.replace(pattern, (_, indent: string, options: unknown) =>
      swap(indent, typeof options === 'string' ? options : ''),
    );
  }
  return config;
}

/** A free loopback port; nginx cannot pick one itself and report it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * nginx in a directory of its own, with the official image's http block around the site file
 * (mime types, sendfile, keep-alive) and every path it writes (logs, pid, temporary files) in
 * that directory.
 */
export class LoopbackNginx {
  port = 0;
  private process?: ChildProcess;
  private readonly conf: string;

  constructor(private readonly dir: string) {
    this.conf = join(dir, 'nginx.conf');
    // Workers drop root privileges and still need to reach their temporary directories.
    chmodSync(dir, 0o755);
  }

  private args(): string[] {
    return ['-p', this.dir, '-c', this.conf, '-g', `daemon off; pid ${this.dir}/nginx.pid;`];
  }

  errorLog(): string {
    const file = join(this.dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  private write(upstreamPorts: number[]): void {
    writeFileSync(join(this.dir, 'default.conf'), loopbackConfig(this.port, upstreamPorts));
    const temp = (name: string) => `${name}_temp_path ${this.dir}/${name};`;
    writeFileSync(
      this.conf,
      `worker_processes 2;
error_log ${this.dir}/error.log notice;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${this.dir}/access.log;
  sendfile on;
  keepalive_timeout 65;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${this.dir}/default.conf;
}
`,
    );
  }

  /** `nginx -t` on the configuration, its complaint as the error. */
  private async check(): Promise<void> {
    try {
      await promisify(execFile)(NGINX, ['-t', ...this.args()], { timeout: 10_000 });
    } catch (error) {
      throw new Error(`nginx -t refused the loopback docker/nginx.conf: ${String(error)}`, {
        cause: error,
      });
    }
  }

  private workerStarts(): number {
    return this.errorLog().split('start worker processes').length - 1;
  }

  /** Starts on a free port; a port taken in between (another suite) means another try. */
  async start(upstreamPorts: number[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      this.write(upstreamPorts);
      await this.check();
      const child = spawn(NGINX, this.args(), { stdio: ['ignore', 'ignore', 'pipe'] });
      this.process = child;
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const started = await waitFor(
        () => this.workerStarts() > 0 || child.exitCode !== null,
        10_000,
        'nginx to start',
      ).then(() => child.exitCode === null);
      if (started) return;
      if (attempt === 5 || !/Address already in use/.test(this.errorLog() + stderr)) {
        throw new Error(`nginx did not start: ${stderr}${this.errorLog()}`);
      }
    }
  }

  /** `nginx -s reload` with new upstreams; resolves once the new workers run. */
  async reload(upstreamPorts: number[]): Promise<void> {
    const before = this.workerStarts();
    this.write(upstreamPorts);
    await this.check();
    await promisify(execFile)(NGINX, [...this.args(), '-s', 'reload'], { timeout: 10_000 });
    await waitFor(() => this.workerStarts() > before, 10_000, 'nginx to reload');
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000).unref())]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
