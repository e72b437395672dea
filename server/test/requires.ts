/*
 * The one gate for suites that need something outside Node: a MySQL or Redis server, Galera,
 * nginx, Chromium or a built site. On a developer's machine a missing dependency skips the suite
 * and says what it needs; in CI (`CI` set) it fails the run instead, so a lane cannot go green by
 * not running.
 */

import { execFileSync } from 'node:child_process';

export const CI = Boolean(process.env.CI);

type Suite = (name: string, body: () => void) => void;

/** The error a suite fails with in CI when `needs` is missing. */
export function missing(needs: string): Error {
  return new Error(`CI requires ${needs}, which this machine does not have`);
}

/** `describe` when `present`; otherwise a skip outside CI and a failing test in CI. */
export function describeIf(present: boolean, needs: string): Suite {
  if (present) return describe;
  if (!CI) return (name, body) => describe.skip(`${name} (needs ${needs})`, body);
  return (name) =>
    describe(name, () => {
      it(`has ${needs}`, () => {
        throw missing(needs);
      });
    });
}

/**
 * Whether the MySQL-protocol server at `url` is MariaDB. Asked synchronously, while Jest collects
 * the tests, so that a test that only applies to one flavour is declared for that one only.
 */
export function isMariadb(url: string): boolean {
  const script =
    "require('mysql2/promise').createConnection({ uri: process.argv[1] }).then(async (c) => {" +
    "  const [[row]] = await c.query('SELECT VERSION() AS v'); await c.end();" +
    '  process.stdout.write(row.v); })';
  const version = execFileSync(process.execPath, ['-e', script, url], { cwd: __dirname });
  return /mariadb/i.test(version.toString());
}
