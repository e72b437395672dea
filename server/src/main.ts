import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import {
  box,
  describeDatabase,
  firstAdminLines,
  firstAdminMessage,
  nativeModuleProblem,
  startupLines,
} from './startup';
import { DatabaseOpenError } from './database/data-source-options';
import { ADMIN_LOGIN_PATH } from './seed/seed';
import type { SeedReport } from './seed/seed';
import { EnvError, loadEnv, prettyLogs } from './env/env';

async function main(): Promise<void> {
  const env = loadEnv();
  const problem = nativeModuleProblem();
  if (problem) throw new StartupError(problem);
  let seed: SeedReport = { demoSeeded: false };
  const app = await createApp(env, (report) => (seed = report));
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const lines = startupLines({
    siteUrl: `http://localhost:${port}/`,
    adminUrl: `http://localhost:${port}${ADMIN_LOGIN_PATH}`,
    database: describeDatabase(env.DATABASE_URL),
    seedDemo: env.SEED_DEMO,
    seed,
  });
  const admin = seed.createdAdmin?.generatedPassword ? seed.createdAdmin : undefined;
  if (prettyLogs(env)) {
    process.stdout.write(`\n${lines.map((line) => `  ${line}`).join('\n')}\n\n`);
    if (admin) process.stdout.write(`${box(firstAdminLines(admin))}\n\n`);
    return;
  }
  const logger = new Logger('Portico');
  for (const line of lines) logger.log(line);
  if (admin) logger.warn(firstAdminMessage(admin));
}

/** A start-up failure whose message says everything: printed without a stack. */
class StartupError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof DatabaseOpenError || error instanceof StartupError) {
    process.stderr.write(`Portico failed to start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Portico failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
