import { withLease } from '../database/migrate';
import type { Env } from '../env/env';
import { logPartitions, partitionLog } from '../modules/ledger';
import type { Partitioned } from '../modules/ledger';
import { withDatabase } from './database';
import { runCli } from './run';
import type { Print } from './run';

/**
 * `npm run ledger:partition`: converts the MySQL/MariaDB access log into month partitions (see
 * ledger/partitions.ts), so that log retention drops a closed month at once instead of deleting
 * its rows. The table is copied with writes held (docs/operations.md gives the time per million
 * rows): run it in a quiet hour, with the instances running or not. Once is enough; running it
 * again says so and changes nothing.
 */
export async function ledgerPartitionCommand(env: Env, print: Print): Promise<number> {
  return withDatabase(env, async (dataSource) => {
    if (dataSource.options.type === 'better-sqlite3') {
      print(
        'SQLite keeps the access log in one table: log retention deletes its rows in batches. Nothing to do.',
      );
      return 0;
    }
    let outcome: Partitioned | undefined;
    const ran = await withLease(dataSource, 'log_partitions', async () => {
      outcome = await partitionLog(dataSource, env.SITE_TIME_ZONE);
    });
    if (!ran || !outcome) {
      print('another instance is making partitions of the access log now: run this again later');
      return 1;
    }
    const partitions = (await logPartitions(dataSource)) ?? [];
    const names = `${partitions[0]?.name} … ${partitions.at(-1)?.name}`;
    if (outcome.done === 'already') {
      print(
        `the access log is partitioned by month already: ${partitions.length} partitions (${names})`,
      );
      return 0;
    }
    const seconds = outcome.ms / 1000;
    const perMillion =
      outcome.rows > 0
        ? ` (${((seconds * 1e6) / outcome.rows).toFixed(1)} s per million rows)`
        : '';
    print(
      `partitioned the access log by month: ${outcome.rows} rows into ${outcome.partitions} partitions (${names}) in ${seconds.toFixed(1)} s${perMillion}`,
    );
    return 0;
  });
}

if (require.main === module) runCli(ledgerPartitionCommand);
