import type { DataSource } from 'typeorm';
import { monthBounds, monthOf, nextMonth } from '../../common/quota-period';
import { rowTime } from '../../database/sql-time';

/**
 * The access log on MySQL/MariaDB, partitioned by the site's months on the call time (RANGE
 * COLUMNS(access_time)): a partition per month, named `pYYYYMM`, and a last one, `pmax`, taking
 * whatever comes after the months made. Log retention then drops a closed month's rows with its
 * partition instead of deleting them. SQLite keeps one table (retention deletes in batches).
 */
export const TAIL = 'pmax';

/** How many months after the running one have their partition ready. */
export const PARTITION_MONTHS_AHEAD = 3;

export interface LogPartition {
  name: string;
  /** The partition's rows are the calls before this instant (ms); null for the tail. */
  before: number | null;
}

const isSqlite = (dataSource: DataSource) => dataSource.options.type === 'better-sqlite3';

/** How long a partition change waits for the table's metadata lock before it gives up (s). */
const LOCK_WAIT_S = 10;

/**
 * Runs a change of the table's partitions on one connection that waits at most LOCK_WAIT_S for the
 * table's metadata lock: a DDL statement queued behind a long transaction would otherwise hold
 * every charge queued behind it (MySQL's default wait is a year).
 */
async function alter(dataSource: DataSource, sql: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query(`SET SESSION lock_wait_timeout = ${LOCK_WAIT_S}`);
    await runner.query(sql);
  } finally {
    await runner.query('SET SESSION lock_wait_timeout = DEFAULT').catch(() => undefined);
    await runner.release();
  }
}

/** The access log's partitions in order, or null when it is one table (and always on SQLite). */
export async function logPartitions(dataSource: DataSource): Promise<LogPartition[] | null> {
  if (isSqlite(dataSource)) return null;
  const rows = await dataSource.query<{ name: string | null; bound: string | null }[]>(
    `SELECT PARTITION_NAME AS name, PARTITION_DESCRIPTION AS bound FROM information_schema.PARTITIONS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'access_logs'
     ORDER BY PARTITION_ORDINAL_POSITION`,
  );
  if (rows.length === 0 || rows[0].name === null) return null;
  return rows.map((row) => ({
    name: row.name!,
    before: row.bound === 'MAXVALUE' ? null : rowTime(row.bound!.replace(/'/g, '')).getTime(),
  }));
}

/** A UTC datetime literal, as access_time holds it. */
const literal = (ms: number) => `'${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}'`;

/** The month `count` months after `month`. */
function monthsAfter(month: string, count: number): string {
  let at = month;
  for (let i = 0; i < count; i += 1) at = nextMonth(at);
  return at;
}

/**
 * The definitions of the month partitions from the one holding `from` through the `ahead`th month
 * after now's, each ending where its month ends on the site's clock; a name already taken (the
 * site's clock changed) gets a suffix.
 */
function monthDefinitions(
  from: number,
  now: number,
  timeZone: string,
  taken: ReadonlySet<string>,
): string[] {
  const last = monthsAfter(monthOf(now, timeZone), PARTITION_MONTHS_AHEAD);
  const definitions: string[] = [];
  for (let month = monthOf(from, timeZone); month <= last; month = nextMonth(month)) {
    let name = `p${month.replace('-', '')}`;
    for (let n = 2; taken.has(name); n += 1) name = `p${month.replace('-', '')}_${n}`;
    definitions.push(
      `PARTITION ${name} VALUES LESS THAN (${literal(monthBounds(month, timeZone).to)})`,
    );
  }
  return definitions;
}

const TAIL_DEFINITION = `PARTITION ${TAIL} VALUES LESS THAN (MAXVALUE)`;

export type Partitioned =
  { done: 'already' } | { done: 'now'; partitions: number; rows: number; ms: number };

/**
 * Converts the access log into month partitions, from its first call's month through
 * PARTITION_MONTHS_AHEAD months after now's. Partitioning needs every unique key to hold the
 * partitioning column, so the primary key becomes (id, access_time); ids stay unique as the
 * database hands them out (see the MySQL ledger's replay). The index of a user's calls by time
 * names `id` at its end: a partitioned table reads an index in order across its partitions only by
 * the columns the index names, and the call log pages by (time, id) (without it MariaDB sorted a
 * hot user's million rows for each page). The table is copied: reads go on, writes wait until it
 * is done (ALGORITHM=COPY, LOCK=SHARED); docs/operations.md gives the time per million rows. Not
 * for SQLite (the caller says so).
 */
export async function partitionLog(
  dataSource: DataSource,
  timeZone: string,
  now = Date.now(),
): Promise<Partitioned> {
  if (await logPartitions(dataSource)) return { done: 'already' };
  const [{ first, n }] = await dataSource.query<
    { first: Date | string | null; n: number | string }[]
  >('SELECT MIN(access_time) AS first, COUNT(*) AS n FROM access_logs');
  const from = first === null ? now : Math.min(rowTime(first).getTime(), now);
  const months = monthDefinitions(from, now, timeZone, new Set());
  const started = Date.now();
  await alter(
    dataSource,
    `ALTER TABLE access_logs DROP PRIMARY KEY, ADD PRIMARY KEY (id, access_time),
       DROP INDEX idx_access_logs_user_time,
       ADD INDEX idx_access_logs_user_time (user_id, access_time, id),
       ALGORITHM=COPY, LOCK=SHARED
     PARTITION BY RANGE COLUMNS(access_time) (${[...months, TAIL_DEFINITION].join(', ')})`,
  );
  return {
    done: 'now',
    partitions: months.length + 1,
    rows: Number(n),
    ms: Date.now() - started,
  };
}

/**
 * Makes the month partitions up to PARTITION_MONTHS_AHEAD months after now's, by splitting the
 * tail (empty while the job keeps ahead of the calendar, so the split copies nothing); answers
 * how many it made. Nothing to do for a table that is not partitioned.
 */
export async function extendLogPartitions(
  dataSource: DataSource,
  timeZone: string,
  now = Date.now(),
): Promise<number> {
  const partitions = await logPartitions(dataSource);
  if (!partitions) return 0;
  // The month holding the last bound ends after it (at its end when the site's clock is the one
  // the partitions were made on): the months from there on are new.
  const last = partitions.filter((p) => p.before !== null).at(-1)?.before ?? now;
  const taken = new Set(partitions.map((p) => p.name));
  const months = monthDefinitions(last, now, timeZone, taken);
  if (months.length === 0) return 0;
  await alter(
    dataSource,
    `ALTER TABLE access_logs REORGANIZE PARTITION ${TAIL} INTO (${[...months, TAIL_DEFINITION].join(', ')})`,
  );
  return months.length;
}

/**
 * Drops the month partitions whose calls all came before `cutoff` (ms); answers their names and
 * about how many rows went with them (the table statistics' estimate: an exact count would read a
 * month's rows, minutes at scale). The caller has recorded that rows before the cutoff may be gone.
 */
export async function dropLogPartitions(
  dataSource: DataSource,
  cutoff: number,
): Promise<{ partitions: string[]; rows: number }> {
  const partitions = await logPartitions(dataSource);
  const due = (partitions ?? []).filter((p) => p.before !== null && p.before <= cutoff);
  if (due.length === 0) return { partitions: [], rows: 0 };
  const names = due.map((p) => p.name);
  const [{ n }] = await dataSource.query<{ n: number | string | null }[]>(
    `SELECT SUM(TABLE_ROWS) AS n FROM information_schema.PARTITIONS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'access_logs' AND PARTITION_NAME IN (?)`,
    [names],
  );
  await alter(dataSource, `ALTER TABLE access_logs DROP PARTITION ${names.join(', ')}`);
  return { partitions: names, rows: Number(n ?? 0) };
}
