import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Database } from 'better-sqlite3';
import type { Pool as CallbackPool } from 'mysql2';
import { DataSource } from 'typeorm';
import { RechargeRecord } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AfdianWebhookController } from './afdian-webhook.controller';
import { AfdianClient, webhookKey } from './afdian.client';
import { BALANCE_BOOK, MysqlBalanceBook, SqliteBalanceBook } from './balance-book';
import { BalanceAdjustmentsService } from './balance-adjustments.service';
import { RechargeController } from './recharge.controller';
import { AFDIAN_CLIENT, AFDIAN_WEBHOOK_KEY, RechargeService } from './recharge.service';

@Module({
  imports: [TypeOrmModule.forFeature([RechargeRecord])],
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
      useFactory: (dataSource: DataSource) => {
        const driver = dataSource.driver as unknown as {
          databaseConnection?: Database;
          pool?: CallbackPool;
        };
        return dataSource.options.type === 'better-sqlite3'
          ? new SqliteBalanceBook(driver.databaseConnection!)
          : new MysqlBalanceBook(driver.pool!.promise());
      },
    },
    RechargeService,
    BalanceAdjustmentsService,
  ],
})
export class RechargeModule {}
