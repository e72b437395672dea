import { spawnSync } from 'node:child_process';
import { mysqlHosts } from './database/mysql-hosts';
import type { SeedReport } from './seed/seed';

/** Where the data lives, said without the credentials a database URL may carry. */
export function describeDatabase(url: string): string {
  if (url.startsWith('sqlite:')) return `SQLite ${url.slice('sqlite:'.length)}`;
  const { hosts, urlFor } = mysqlHosts(url);
  const parsed = new URL(hosts.length > 1 ? urlFor(0) : url);
  const where =
    hosts.length > 1
      ? hosts.map(({ host, port }) => `${host}:${port}`).join(',')
      : `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  return `MySQL ${where}${parsed.pathname}`;
}

export interface StartupFacts {
  siteUrl: string;
  adminUrl: string;
  database: string;
  seedDemo: boolean;
  seed: SeedReport;
}

/** The lines a person needs at start-up, in order (the same in the banner and in JSON logs). */
export function startupLines(facts: StartupFacts): string[] {
  const demo = facts.seed.demoSeeded
    ? 'seeded now (SEED_DEMO=true, the database was empty)'
    : facts.seedDemo
      ? 'not seeded (the database already has content)'
      : 'off (SEED_DEMO=false)';
  return [
    `Portico is running at ${facts.siteUrl}`,
    `Admin login: ${facts.adminUrl}`,
    `Database: ${facts.database}`,
    `Demo data: ${demo}`,
  ];
}

type CreatedAdmin = NonNullable<SeedReport['createdAdmin']>;

const resetHint = (admin: CreatedAdmin) => `npm run admin -- reset-password ${admin.username}`;

/** The first administrator's generated password, shown once, with what to do next (a box). */
export function firstAdminLines(admin: CreatedAdmin): string[] {
  return [
    `First administrator "${admin.username}" created with the password:`,
    '',
    `    ${admin.generatedPassword}`,
    '',
    `It is shown once. To choose another later: ${resetHint(admin)}`,
  ];
}

/** The same, as one log line. */
export const firstAdminMessage = (admin: CreatedAdmin) =>
  `First administrator "${admin.username}" created with the password ${admin.generatedPassword} (shown once; to choose another later: ${resetHint(admin)})`;

/** Lines in a box, for a terminal. */
export function box(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}

const NATIVE_MODULES = ['better-sqlite3', 'argon2'];

/**
 * Loads the native modules in a child process first: a binary built for another platform (or
 * none, when install scripts were blocked) can crash the process with a segfault that no handler
 * sees. Answers what went wrong, or null.
 */
export function nativeModuleProblem(modules: readonly string[] = NATIVE_MODULES): string | null {
  let probe: { status: number | null; signal: string | null; stderr: string };
  try {
    // Resolved here: the child's `-e` script would resolve from the working directory instead.
    const paths = modules.map((name) => require.resolve(name));
    probe = spawnSync(
      process.execPath,
      ['-e', paths.map((path) => `require(${JSON.stringify(path)});`).join('')],
      { encoding: 'utf8', timeout: 30_000 },
    );
  } catch (error) {
    probe = { status: 1, signal: null, stderr: `Error: ${(error as Error).message}` };
  }
  if (probe.status === 0) return null;
  const how = probe.signal ? `crashed (${probe.signal})` : 'failed to load';
  const detail = (probe.stderr ?? '').split('\n').find((line) => /Error/.test(line)) ?? '';
  return [
    `A native module ${how}: ${modules.join(', ')}.${detail ? `\n  ${detail.trim()}` : ''}`,
    'Their install scripts must run: `npm rebuild ' + modules.join(' ') + '` (allowed in',
    "package.json's allowScripts). Building from source needs python3, make and g++.",
  ].join('\n');
}
