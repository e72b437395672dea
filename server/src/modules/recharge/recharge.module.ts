import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { DataSource } from 'typeorm';
import { byRawDriver } from '../../database/raw-driver';
import { RechargeRecord } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AfdianWebhookController } from './afdian-webhook.controller';
import { AfdianClient, webhookKey } from './afdian.client';
import { BALANCE_BOOK, MysqlBalanceBook, SqliteBalanceBook } from './balance-book';
import type { BalanceBook } from './balance-book';
import { BalanceAdjustmentsService } from './balance-adjustments.service';
import { RechargeController } from './recharge.controller';
import { AFDIAN_CLIENT, AFDIAN_WEBHOOK_KEY, RechargeService } from './recharge.service';

@Module({
  imports: [AuditModule, TypeOrmModule.forFeature([RechargeRecord])],
  controllers: [RechargeController, AfdianWebhookController],
  providers: [
    {
      provide: AFDIAN_CLIENT,
      inject: [ENV],
      useFactory: (env: Env) =>
        env.AFDIAN_USER_ID && env.AFDIAN_TOKEN
          ? new AfdianClient({
              baseUrl: env.AFDIAN_BASE_URL,
              userId: env.AFDIAN_USER_ID,
              token: env.AFDIAN_TOKEN,
              timeoutMs: env.AFDIAN_TIMEOUT_MS,
            })
          : null,
    },
    {
      provide: AFDIAN_WEBHOOK_KEY,
      inject: [ENV],
      useFactory: (env: Env) => webhookKey(env.AFDIAN_WEBHOOK_PUBLIC_KEY),
    },
    {
      provide: BALANCE_BOOK,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) =>
        byRawDriver<BalanceBook>(dataSource, {
          sqlite: (db) => new SqliteBalanceBook(db),
          mysql: (pool) => new MysqlBalanceBook(pool),
        }),
    },
    RechargeService,
    BalanceAdjustmentsService,
  ],
})
export class RechargeModule {}
