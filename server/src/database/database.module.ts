import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, Env } from '../env/env';
import {
  buildDataSourceOptions,
  detectDatabaseKind,
  openDataSource,
  retryDatabase,
} from './data-source-options';
import type { DbTimeouts } from './db-timeouts';
import { ensureMysqlDatabase } from './ensure-database';

/** The database timeouts the environment sets. */
export function dbTimeouts(env: Env): DbTimeouts {
  return {
    connectMs: env.DB_CONNECT_TIMEOUT_MS,
    queryMs: env.DB_QUERY_TIMEOUT_MS,
    acquireMs: env.DB_ACQUIRE_TIMEOUT_MS,
    busyMs: env.DB_BUSY_TIMEOUT_MS,
  };
}

const logger = new Logger('Database');

/** One warn line a failed try, without a stack: the database is expected back. */
const noteRetry = (error: unknown, pauseMs: number) =>
  logger.warn(
    `database not reachable (${error instanceof Error ? error.message : String(error)}), trying again in ${pauseMs / 1000} s`,
  );

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ENV],
      useFactory: async (env: Env) => {
        const timeouts = dbTimeouts(env);
        const kind = await retryDatabase(
          async () => {
            // A database that does not exist is created (or named with the SQL to run) first.
            await ensureMysqlDatabase(env.DATABASE_URL, timeouts.connectMs);
            return detectDatabaseKind(env.DATABASE_URL, timeouts.connectMs);
          },
          env.DB_STARTUP_TIMEOUT_MS,
          noteRetry,
        );
        return {
          ...buildDataSourceOptions(env.DATABASE_URL, kind, timeouts),
          // Answering the kind above, a MySQL server was up: one that goes away again before the
          // pool opens is tried again; an SQLite file that does not open stays broken, and
          // retrying would only hold the message back for half a minute.
          toRetry: () => kind !== 'sqlite',
        };
      },
      dataSourceFactory: (options) => openDataSource(options!),
    }),
  ],
})
export class DatabaseModule {}
