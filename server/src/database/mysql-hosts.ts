import * as mysql2 from 'mysql2';
import type { Connection, PoolOptions, RowDataPacket } from 'mysql2';
import { connect, Socket } from 'node:net';

export interface MysqlHost {
  host: string;
  port: number;
}

const URL_PARTS = /^((?:mysql|mariadb):\/\/)([^@/?#]*@)?([^/?#]+)(.*)$/s;
const HOST_PORT = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/;

/**
 * The hosts of a MySQL URL, which may name several (`mysql://u:p@h1:3306,h2:3307/db`, as MariaDB's
 * and MySQL's own connectors write them), and the same URL pointing at each one alone.
 */
export function mysqlHosts(url: string): {
  hosts: MysqlHost[];
  urlFor: (index: number) => string;
} {
  const parts = URL_PARTS.exec(url);
  if (!parts) throw new Error('not a mysql:// URL');
  const [, scheme, auth = '', list, rest] = parts;
  const hosts = list.split(',').map((entry) => {
    const match = HOST_PORT.exec(entry.trim());
    if (!match) throw new Error(`bad host "${entry}" in the database URL`);
    return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2] ?? 3306) };
  });
  const urlFor = (index: number) => {
    const { host, port } = hosts[index];
    return `${scheme}${auth}${host.includes(':') ? `[${host}]` : host}:${port}${rest}`;
  };
  return { hosts, urlFor };
}

/** How long a host that refused a connection or failed its check is passed over. */
const DOWN_MS = 5_000;
const PROBE_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;
/** Galera's wsrep_local_state for a node in the primary component with all write-sets applied. */
const SYNCED = '4';

/**
 * Chooses the host of every new pooled connection: the first in the URL's order that is up.
 * A host is passed over for a few seconds after a connection to it fails, and while a check once a
 * second finds it unreachable or, on Galera, not a synced member of the primary component (a
 * node cut off from the others answers every query with an error); when it is found unfit, its open
 * connections are closed too, so the pool drops them instead of handing them out.
 */
class HostPicker {
  private readonly downUntil: number[];
  private readonly sockets: Set<Socket>[];
  private readonly probes: (Connection | undefined)[];
  private readonly probing: boolean[];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly hosts: readonly MysqlHost[],
    private readonly login: PoolOptions,
  ) {
    this.downUntil = hosts.map(() => 0);
    this.sockets = hosts.map(() => new Set());
    this.probes = hosts.map(() => undefined);
    this.probing = hosts.map(() => false);
    this.timer = setInterval(() => this.hosts.forEach((_, i) => this.probe(i)), PROBE_MS);
    this.timer.unref();
  }

  /** mysql2's `stream` factory: a socket to the host that should take the next connection. */
  open(): Socket {
    const index = this.pick();
    const { host, port } = this.hosts[index];
    const socket = connect(port, host);
    socket.setNoDelay(true);
    this.sockets[index].add(socket);
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.setKeepAlive(true);
    });
    socket.once('error', () => {
      if (!connected) this.markDown(index);
    });
    socket.once('close', () => this.sockets[index].delete(socket));
    return socket;
  }

  close(): void {
    clearInterval(this.timer);
    for (const probe of this.probes) probe?.destroy();
  }

  private pick(): number {
    const now = Date.now();
    const up = this.downUntil.findIndex((until) => until <= now);
    if (up >= 0) return up;
    // Every host looks down: the one longest since its last failure is the best guess.
    return this.downUntil.indexOf(Math.min(...this.downUntil));
  }

  private markDown(index: number): void {
    this.downUntil[index] = Date.now() + DOWN_MS;
  }

  private probe(index: number): void {
    if (this.probing[index]) return;
    this.probing[index] = true;
    const probe = (this.probes[index] ??= this.connectProbe(index));
    probe.query<RowDataPacket[]>(
      {
        sql: "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_local_state')",
        timeout: PROBE_TIMEOUT_MS,
      },
      (error, rows) => {
        this.probing[index] = false;
        if (error) {
          this.markDown(index);
          probe.destroy();
          if (this.probes[index] === probe) this.probes[index] = undefined;
          return;
        }
        // A server built with wsrep but running without a provider reports wsrep_ready OFF and
        // no local state: it is not a Galera node, and answering is all it is asked to do.
        const status = new Map(rows.map((row) => [row.Variable_name, String(row.Value)]));
        const fit =
          !status.has('wsrep_local_state') ||
          (status.get('wsrep_ready') === 'ON' && status.get('wsrep_local_state') === SYNCED);
        if (fit) {
          this.downUntil[index] = 0;
          return;
        }
        this.markDown(index);
        for (const socket of this.sockets[index]) socket.destroy();
      },
    );
  }

  private connectProbe(index: number): Connection {
    const { host, port } = this.hosts[index];
    const probe = mysql2.createConnection({
      host,
      port,
      user: this.login.user,
      password: this.login.password,
      connectTimeout: PROBE_TIMEOUT_MS,
    });
    // Errors reach the probe's query callback; a connection with no listener would crash.
    probe.on('error', () => {});
    return probe;
  }
}

/**
 * mysql2 as TypeORM's MysqlDriver uses it (its `driver` option), except that pools connect to
 * whichever of `hosts` is up (mysql2 itself takes one host) and read causally on Galera.
 */
export function failoverMysql2(hosts: readonly MysqlHost[]): object {
  return {
    ...mysql2,
    createPool: (config: PoolOptions) => {
      const picker = new HostPicker(hosts, config);
      const pool = mysql2.createPool({ ...config, stream: () => picker.open() });
      // Galera applies other nodes' write-sets a moment after they commit: without causal reads,
      // an instance told by Redis that an admin changed something could read the old row again
      // from its own node. Queued first, this runs before the connection's first query; a server
      // without wsrep refuses it, which changes nothing.
      pool.on('connection', (connection) => {
        connection.query('SET SESSION wsrep_sync_wait = 1', () => {});
      });
      const end = pool.end.bind(pool);
      pool.end = ((callback?: (error: unknown) => void) => {
        picker.close();
        return end(callback);
      }) as typeof pool.end;
      return pool;
    },
  };
}
