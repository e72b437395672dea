import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../common/metrics';

interface Mysql2PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
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
      const route = request.routeOptions.url ?? 'unmatched';
      this.metrics.httpRequests.inc({
        method: request.method,
        route,
        status: String(reply.statusCode),
      });
      this.metrics.httpDuration.observe(
        { method: request.method, route },
        reply.elapsedTime / 1000,
      );
      done();
    });
    const pool = (this.dataSource.driver as unknown as { pool?: Mysql2PoolInternals }).pool;
    if (pool) {
      const gauge = this.metrics.dbPool;
      (gauge as unknown as { collect: () => void }).collect = () => {
        const all = pool._allConnections?.length ?? 0;
        const free = pool._freeConnections?.length ?? 0;
        gauge.set({ state: 'in_use' }, all - free);
        gauge.set({ state: 'idle' }, free);
        gauge.set({ state: 'waiting' }, pool._connectionQueue?.length ?? 0);
      };
    }
  }
}
