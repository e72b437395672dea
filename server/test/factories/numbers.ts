/** One row per digit, as a derived table both databases take. */
const DIGITS = `SELECT 0 AS d${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ` UNION ALL SELECT ${d}`).join('')}`;
const PLACES = [0, 1, 2, 3];

/**
 * 0 … 9,999 in a column named `column`, as a derived table named `nums` that SQLite, MariaDB and
 * MySQL all take: four tables of digits crossed. Tests that need many rows insert them with one
 * INSERT … SELECT from it, far faster than rows sent one by one.
 */
export const numbers = (column: string) =>
  `(SELECT ${PLACES.map((i) => `d${i}.d * ${10 ** i}`).join(' + ')} AS ${column}
  FROM ${PLACES.map((i) => `(${DIGITS}) d${i}`).join(' CROSS JOIN ')}) nums`;
