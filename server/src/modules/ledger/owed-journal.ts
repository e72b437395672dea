import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Charge } from './ledger';

/**
 * Refunds a MySQL ledger owes calls it has already answered: calls told 503 whose batch may have
 * been charged (its COMMIT got no answer), and failed calls whose refund the database refused.
 * `statusCode` is what their rows are refunded with.
 */
export interface Owed {
  statusCode: number;
  charges: readonly Charge[];
}

/** The journal's directory in DATA_DIR. */
export const OWED_DIR = 'owed-refunds';

const ENTRY = '.json';
const PARTIAL = '.partial';
const UNREADABLE = '.unreadable';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A charge as JSON gave it back: its call's time is a Date again. */
const revived = (charge: Charge): Charge => ({
  ...charge,
  log: { ...charge.log, access_time: new Date(charge.log.access_time) },
});

/**
 * Owed refunds kept on disk (a file an entry, written whole and synced before the calls are
 * answered) until the database has taken them, so that an instance killed or stopped before then
 * leaves them to its next start instead of losing them.
 */
export class OwedJournal {
  constructor(readonly dir: string) {}

  /** Keeps an entry; answers its name for `done`. */
  async keep(owed: Owed): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomUUID()}${ENTRY}`;
    const partial = join(this.dir, `${name}${PARTIAL}`);
    const file = await open(partial, 'w');
    try {
      await file.writeFile(JSON.stringify(owed));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, join(this.dir, name));
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    return name;
  }

  async done(name: string): Promise<void> {
    await unlink(join(this.dir, name)).catch((error: unknown) => {
      if (!missing(error)) throw error;
    });
  }

  /**
   * The entries an earlier run left; a write it did not finish is no entry (its calls waited). An
   * entry that cannot be read (a damaged disk) is renamed `….unreadable` and named in `unreadable`,
   * so that it neither stops the instance from starting nor is tried at every start.
   */
  async left(): Promise<{ entries: { name: string; owed: Owed }[]; unreadable: string[] }> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (missing(error)) return { entries: [], unreadable: [] };
      throw error;
    }
    const entries: { name: string; owed: Owed }[] = [];
    const unreadable: string[] = [];
    for (const name of names.sort()) {
      if (name.endsWith(PARTIAL)) await unlink(join(this.dir, name));
      if (!name.endsWith(ENTRY)) continue;
      const file = join(this.dir, name);
      try {
        const owed = JSON.parse(await readFile(file, 'utf8')) as Owed;
        entries.push({ name, owed: { ...owed, charges: owed.charges.map(revived) } });
      } catch {
        await rename(file, `${file}${UNREADABLE}`);
        unreadable.push(`${file}${UNREADABLE}`);
      }
    }
    return { entries, unreadable };
  }
}
