import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { withStartupLock } from './migrate';
import { describeIf } from '../../test/requires';

const MYSQL_URL = process.env.TEST_MYSQL_URL;

describeIf(Boolean(MYSQL_URL), 'TEST_MYSQL_URL')('the start-up lock on MySQL', () => {
  const name = `portico_lock_${randomBytes(4).toString('hex')}`;
  let dataSource: DataSource;

  beforeAll(async () => {
    const admin = await createConnection({ uri: MYSQL_URL });
    await admin.query(`CREATE DATABASE \`${name}\``);
    await admin.end();
    const url = new URL(MYSQL_URL!);
    url.pathname = `/${name}`;
    dataSource = await new DataSource({ type: 'mysql', url: url.toString() }).initialize();
  });

  afterAll(async () => {
    await dataSource?.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await dataSource?.destroy();
  });

  const holder = async () =>
    dataSource.query<{ owner: string }[]>('SELECT owner FROM startup_lock');

  it('lets one holder in at a time and leaves no row behind', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++inside);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside -= 1;
    };
    await Promise.all([1, 2, 3].map(() => withStartupLock(dataSource, work)));
    expect(most).toBe(1);
    expect(await holder()).toEqual([]);
  });

  it('takes over a lease that ran out, and waits for one that has not', async () => {
    await dataSource.query(
      "INSERT INTO startup_lock (name, owner, expires_at) VALUES ('startup', 'crashed', NOW(3) + INTERVAL 1 SECOND)",
    );
    const started = Date.now();
    let heldBy: { owner: string }[] = [];
    await withStartupLock(dataSource, async () => {
      heldBy = await holder();
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(heldBy).toHaveLength(1);
    expect(heldBy[0].owner).not.toBe('crashed');
    expect(await holder()).toEqual([]);
  });

  it('releases the lock when the work fails', async () => {
    await expect(
      withStartupLock(dataSource, () => Promise.reject(new Error('migration failed'))),
    ).rejects.toThrow('migration failed');
    expect(await holder()).toEqual([]);
  });
});
