import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { pageInfo, pageSlice } from './paging';
import type { PositionedPage } from '../contracts/envelope';

/** Rows a positioned list counts at least before it says there are more (`total_capped`). */
export const LIST_COUNT_CAP = 10_000;
/** Pages past the one asked for that a positioned list counts. */
export const LIST_COUNTED_AHEAD = 5;

/**
 * A row's time in a position: as the database holds it, so that the next page compares with it
 * as the page's order does. SQLite's text as stored (rows may differ in whether they carry a
 * fraction of a second); MySQL's datetime in full.
 */
const positionOf = (time: Date | string) =>
  time instanceof Date ? time.toISOString().replace('Z', '') : time.replace(' ', 'T');

/** A positioned list's query: the page, its size, and where it starts (a `next_before`). */
export interface PositionQuery {
  page: number;
  per_page: number;
  before?: string;
}

/**
 * A page of a list newest first by (time, id), and how many rows it has up to a bound: the count
 * reads the same index walk as the page, at most LIST_COUNT_CAP rows or LIST_COUNTED_AHEAD pages
 * past this one (a full count of a list of millions reads them all). With `before` (the previous
 * page's `next_before`) the page is read from that row on, bounded as `t' <= t AND (t' < t OR id <
 * i)` so both databases seek the index to t, instead of skipping the rows before it.
 *
 * `list` makes the filtered list anew; `time` and `id` name its order's columns (`alias.column`);
 * `counted`, when given, makes the same rows without what only the page shows (joins the filter
 * does not need), for the count; `read` reads a page (told whether a position bounds it) and
 * `position` gives a row's time as the database returned it, and its id.
 *
 * The count reads its rows in no order: how many there are up to the bound does not depend on
 * which, and unordered the database need not merge a partitioned table's months by time.
 */
export async function positionedPage<T extends ObjectLiteral, R>(options: {
  list: () => SelectQueryBuilder<T>;
  counted?: () => SelectQueryBuilder<T>;
  time: string;
  id: string;
  query: PositionQuery;
  read: (page: SelectQueryBuilder<T>, positioned: boolean) => Promise<R[]>;
  position: (row: R) => { time: Date | string; id: string | number };
}): Promise<{ rows: R[] } & PositionedPage> {
  const { list, time, id, query } = options;
  const { skip, take } = pageSlice(query);
  const bound = Math.max(LIST_COUNT_CAP, skip + LIST_COUNTED_AHEAD * take);
  const newestFirst = () => list().orderBy(time, 'DESC').addOrderBy(id, 'DESC');
  const counting = (options.counted ?? list)()
    .select(id, 'id')
    .limit(bound + 1);
  const page = newestFirst().limit(take);
  if (query.before) {
    const [at, rowId] = query.before.split('_');
    page.andWhere(`${time} <= :beforeTime AND (${time} < :beforeTime OR ${id} < :beforeId)`, {
      beforeTime: at.replace('T', ' '),
      beforeId: Number(rowId),
    });
  } else {
    page.offset(skip);
  }
  const [counted, rows] = await Promise.all([
    counting.connection
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from(`(${counting.getQuery()})`, 'capped')
      .setParameters(counting.getParameters())
      .getRawOne<{ n: number | string }>(),
    options.read(page, Boolean(query.before)),
  ]);
  const found = Number(counted?.n ?? 0);
  const last = rows.length === take ? options.position(rows[rows.length - 1]) : undefined;
  const lastTime =
    last &&
    (last.time instanceof Date ? await fullTime(list, time, id, last.time, last.id) : last.time);
  return {
    rows,
    ...pageInfo(Math.min(found, bound), query),
    total_capped: found > bound,
    next_before: last && lastTime ? `${positionOf(lastTime)}_${String(last.id)}` : null,
  };
}

const sqlText = (at: number) => new Date(at).toISOString().replace('T', ' ').replace('Z', '');

/**
 * A MySQL row's time in full, as text: mysql2 reads a DATETIME(6) into a Date, which keeps only
 * milliseconds, and a position cut to them would leave out the rows later in that millisecond.
 * Read again by the row's id, within its millisecond (a partitioned table reads one partition).
 */
async function fullTime<T extends ObjectLiteral>(
  list: () => SelectQueryBuilder<T>,
  time: string,
  id: string,
  rowTime: Date,
  rowId: string | number,
): Promise<string | Date> {
  const at = rowTime.getTime();
  const found = await list()
    .select(`DATE_FORMAT(${time}, '%Y-%m-%d %H:%i:%s.%f')`, 'at')
    .andWhere(`${id} = :positionId AND ${time} >= :positionFrom AND ${time} < :positionTo`, {
      positionId: rowId,
      positionFrom: sqlText(at),
      positionTo: sqlText(at + 1),
    })
    .getRawOne<{ at: string }>();
  return found?.at ?? rowTime;
}
