import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import type { Pool, PoolConnection } from 'mysql2';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../common/metrics';
import type { PoolUse } from '../../common/metrics';
import { mysqlPool } from '../../database/raw-driver';

/**
 * Counts a mysql2 pool's connections from its public events: 'acquire' and 'release' move one
 * between in use and idle, and one that ends or fails leaves the count. Connections opened before
 * this starts are counted from their first use. mysql2 announces when a caller starts waiting for
 * a connection but not when it stops, so waiting callers are not reported.
 */
function trackPoolUse(pool: Pool): () => PoolUse {
  const open = new Set<PoolConnection>();
  const inUse = new Set<PoolConnection>();
  const seen = (conn: PoolConnection) => {
    if (open.has(conn)) return;
    open.add(conn);
    const gone = () => {
      open.delete(conn);
      inUse.delete(conn);
    };
    conn.once('end', gone);
    conn.once('error', gone);
  };
  pool.on('acquire', (conn) => {
    seen(conn);
    inUse.add(conn);
  });
  pool.on('release', (conn) => {
    seen(conn);
    inUse.delete(conn);
  });
  return () => ({ in_use: inUse.size, idle: open.size - inUse.size });
}

/** Counts every HTTP request by route pattern and reports the MySQL pool on each scrape. */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request, reply, done) => {
      this.metrics.http.record(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    const pool = mysqlPool(this.dataSource);
    if (pool) this.metrics.reportPoolUse(trackPoolUse(pool));
  }
}
