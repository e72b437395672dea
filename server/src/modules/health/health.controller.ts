import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The process is up. */
  @Get('healthz')
  healthz() {
    return { success: true, message: 'ok' };
  }

  /** The database answers and no migration is pending. */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply) {
    try {
      await this.dataSource.query('SELECT 1');
      if (await this.dataSource.showMigrations()) {
        void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
        return { success: false, message: 'migrations pending' };
      }
      return { success: true, message: 'ready' };
    } catch {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { success: false, message: 'database unreachable' };
    }
  }
}
