import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A built entry point run to its end in `cwd` with only `env` (and PATH) as its environment. */
export function nodeRun(script: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<Run>((done) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      env: { PATH: process.env.PATH!, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

export interface Server {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The built server `main` started in `cwd` with only `env` (and PATH) as its environment: the URL it
 * listens on once it says so, or the Run of a process that exited first.
 */
export async function serverStart(
  main: string,
  cwd: string,
  env: Record<string, string>,
): Promise<Server | Run> {
  const child = spawn(process.execPath, [main], {
    cwd,
    env: { PATH: process.env.PATH!, LOG_FORMAT: 'json', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => (stdout += `${line}\n`));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise<Server | Run>((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done({ code: null, stdout, stderr: `${stderr}\n(no start within 60 s)` });
    }, 60_000);
    lines.on('line', (line) => {
      const match = /Portico is running at http:\/\/localhost:(\d+)\//.exec(line);
      if (!match) return;
      clearTimeout(timer);
      done({ url: `http://127.0.0.1:${match[1]}`, process: child, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

export function expectStarted(outcome: Server | Run): asserts outcome is Server {
  expect('url' in outcome ? 'started' : outcome).toBe('started');
}
