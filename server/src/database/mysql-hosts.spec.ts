import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Pool, PoolConnection } from 'mysql2';
import { failoverMysql2, mysqlHosts } from './mysql-hosts';
import { describeIf } from '../../test/requires';

describe('mysqlHosts', () => {
  it('reads every host of a multi-host URL and writes the URL of each', () => {
    const { hosts, urlFor } = mysqlHosts('mysql://u:p%40ss@db1:3307,db2,[::1]:3309/portico?ssl=1');
    expect(hosts).toEqual([
      { host: 'db1', port: 3307 },
      { host: 'db2', port: 3306 },
      { host: '::1', port: 3309 },
    ]);
    expect([0, 1, 2].map(urlFor)).toEqual([
      'mysql://u:p%40ss@db1:3307/portico?ssl=1',
      'mysql://u:p%40ss@db2:3306/portico?ssl=1',
      'mysql://u:p%40ss@[::1]:3309/portico?ssl=1',
    ]);
  });

  it('takes a URL of one host as it is', () => {
    expect(mysqlHosts('mariadb://root@127.0.0.1/test').hosts).toEqual([
      { host: '127.0.0.1', port: 3306 },
    ]);
  });

  it('refuses a host it cannot read', () => {
    expect(() => mysqlHosts('mysql://root@db1:x/test')).toThrow('bad host');
  });
});

const MYSQL_URL = process.env.TEST_MYSQL_URL;

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describeIf(Boolean(MYSQL_URL), 'TEST_MYSQL_URL')('a pool over several hosts', () => {
  it('moves to the next host when the first refuses, at once', async () => {
    const live = new URL(MYSQL_URL!);
    const driver = failoverMysql2([
      { host: '127.0.0.1', port: await closedPort() },
      { host: live.hostname, port: Number(live.port || 3306) },
    ]) as { createPool(config: object): Pool };
    const pool = driver.createPool({ user: decodeURIComponent(live.username), connectionLimit: 2 });
    const connect = promisify<PoolConnection>((done) => pool.getConnection(done));
    try {
      const started = Date.now();
      // The refused connection fails its caller and marks the host down; the next one goes on.
      await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      const conn = await connect();
      const [rows] = await conn.promise().query('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
      conn.release();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await new Promise((resolve) => pool.end(resolve));
    }
  });

  it('keeps a server that is not a Galera node once its check has run', async () => {
    const live = new URL(MYSQL_URL!);
    const driver = failoverMysql2([{ host: live.hostname, port: Number(live.port || 3306) }]) as {
      createPool(config: object): Pool;
    };
    const pool = driver.createPool({ user: decodeURIComponent(live.username), connectionLimit: 1 });
    try {
      const [before] = await pool.promise().query('SELECT CONNECTION_ID() AS id');
      // Two checks of the host: one that took it for an unfit Galera node would close the socket.
      await new Promise((resolve) => setTimeout(resolve, 2200));
      const [after] = await pool.promise().query('SELECT CONNECTION_ID() AS id');
      expect(after).toEqual(before);
    } finally {
      await new Promise((resolve) => pool.end(resolve));
    }
  });
});
