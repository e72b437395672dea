import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { DatabaseOpenError } from './database/data-source-options';
import { ADMIN_LOGIN_PATH } from './database/seed/seed';
import { EnvError, loadEnv } from './env/env';

async function main(): Promise<void> {
  const env = loadEnv();
  const app = await createApp(env);
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const logger = new Logger('Portico');
  logger.log(`Portico is running at http://localhost:${port}/`);
  logger.log(`Admin login: http://localhost:${port}${ADMIN_LOGIN_PATH}`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof DatabaseOpenError) {
    process.stderr.write(`Portico failed to start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Portico failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
