import { EnvError, loadEnv } from '../env/env';
import type { Env } from '../env/env';

/** Writes one line of a command's output. */
export type Print = (text: string) => void;

/**
 * Runs a command-line entry point: the environment (with `.env`) loaded and validated, the
 * command's answer as the exit code, a failure's message on stderr without a stack.
 */
export function runCli(command: (env: Env, print: Print) => Promise<number>): void {
  const print: Print = (text) => process.stdout.write(`${text}\n`);
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
    process.exit(2);
  }
  command(env, print).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
