import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { databaseOutage } from '../../common/error-answer';
import { RedisService } from '../../common/redis';

/** A readiness check gives up after this long: /readyz answers in bounded time. */
const CHECK_TIMEOUT_MS = 2000;
/** While the database is away, it is asked this often, so its return is logged once it is back. */
const WATCH_MS = 2000;
/** What the disk probe writes: a page, as SQLite would. */
const PROBE_BYTES = 4096;

export interface Readiness {
  ready: boolean;
  /** Ready, but with a check that is not `ok`: Redis away, limits counted per instance. */
  degraded: boolean;
  message: string;
  checks: { database: string; redis: string; disk: string };
}

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  new Promise<T>((done, fail) => {
    const timer = setTimeout(
      () => fail(Object.assign(new Error(`${what} did not answer`), { code: 'TIMEOUT' })),
      CHECK_TIMEOUT_MS,
    );
    work.then(done, fail).finally(() => clearTimeout(timer));
  });

/** The error's code (ENOSPC, ECONNREFUSED …) and never its message: /readyz is public. */
const reasonOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? ` (${code})` : '';
};

/**
 * Whether this instance can serve: the database answers and is migrated, Redis (when configured)
 * is connected, and the SQLite database's disk takes a write (a page written, synced and removed
 * beside the database file: a full or read-only disk fails every paid call).
 */
@Injectable()
export class HealthChecks implements OnModuleInit, OnApplicationShutdown {
  private watch?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  onModuleInit(): void {
    this.watch = setInterval(() => {
      if (databaseOutage.active) void this.database();
    }, WATCH_MS);
    this.watch.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watch);
  }

  async readiness(): Promise<Readiness> {
    const [database, disk] = await Promise.all([this.database(), this.disk()]);
    const redis = this.redis.client
      ? this.redis.fallback
        ? 'unavailable: rate limits and login lock-out count per instance'
        : 'ok'
      : 'not configured';
    const checks = { database, redis, disk };
    // Redis away is not a reason to leave the load balancer: every instance falls back to its own
    // limits at once, and taking them all out would turn a cache outage into a site outage.
    const failed = Object.entries({ database, disk }).find(
      ([, state]) => !/^(ok|not configured)$/.test(state),
    );
    return {
      ready: !failed,
      degraded: !failed && this.redis.fallback,
      message: failed ? `${failed[0]} ${failed[1]}` : 'ready',
      checks,
    };
  }

  private async database(): Promise<string> {
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), 'the database');
    } catch (error) {
      return `unreachable${reasonOf(error)}`;
    }
    databaseOutage.recovered();
    try {
      const pending = await withTimeout(this.dataSource.showMigrations(), 'the database');
      return pending ? 'migrations pending' : 'ok';
    } catch (error) {
      return `unreachable${reasonOf(error)}`;
    }
  }

  private async disk(): Promise<string> {
    const { type, database } = this.dataSource.options;
    if (type !== 'better-sqlite3' || database === ':memory:') return 'not configured';
    const probe = join(
      dirname(resolve(String(database))),
      `.ready-probe-${randomBytes(4).toString('hex')}`,
    );
    try {
      const file = await open(probe, 'wx');
      try {
        await file.write(Buffer.alloc(PROBE_BYTES));
        await file.sync();
      } finally {
        await file.close();
      }
      return 'ok';
    } catch (error) {
      return `not writable${reasonOf(error)}`;
    } finally {
      await unlink(probe).catch(() => undefined);
    }
  }
}
