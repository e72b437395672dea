import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Database } from 'better-sqlite3';
import type { Pool as CallbackPool } from 'mysql2';
import { DataSource } from 'typeorm';
import { ApiEntry } from '../../database/entities';
import { ChargeQueue } from './charge-queue';
import { GatewayCatalogue } from './gateway-catalogue';
import { GatewayService } from './gateway.service';
import { LEDGER } from './ledger';
import { MysqlLedger } from './mysql-ledger';
import { RateLimiter } from './rate-limiter';
import { SqliteLedger } from './sqlite-ledger';
import { UsageRecorder } from './usage-recorder';

@Module({
  imports: [TypeOrmModule.forFeature([ApiEntry])],
  providers: [
    {
      provide: LEDGER,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => {
        const driver = dataSource.driver as unknown as {
          databaseConnection?: Database;
          pool?: CallbackPool;
        };
        return dataSource.options.type === 'better-sqlite3'
          ? new SqliteLedger(driver.databaseConnection!)
          : new MysqlLedger(driver.pool!.promise());
      },
    },
    ChargeQueue,
    GatewayCatalogue,
    RateLimiter,
    UsageRecorder,
    GatewayService,
  ],
  exports: [LEDGER, UsageRecorder],
})
export class BillingModule {}
