import { pendingMigrations, runMigrations, withStartupLock } from '../database/migrate';
import type { Env } from '../env/env';
import { withDatabase } from './database';
import type { Print } from './run';
import { runCli } from './run';

/**
 * `npm run migrate`: applies this release's pending migrations under the start-up lock (so that
 * it may run while instances start) and names them; the release's deploy step before its
 * instances start (docs/operations.md, "Upgrade").
 */
export function migrateCommand(env: Env, print: Print): Promise<number> {
  return withDatabase(env, async (dataSource) => {
    let applied: string[] = [];
    await withStartupLock(dataSource, async () => {
      applied = await pendingMigrations(dataSource);
      await runMigrations(dataSource);
    });
    print(
      applied.length === 0
        ? 'the database is up to date: no migration to apply'
        : `applied ${applied.length} migration(s): ${applied.join(', ')}`,
    );
    return 0;
  });
}

if (require.main === module) runCli(migrateCommand);
