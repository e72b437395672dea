import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { byRawDriver } from '../../database/raw-driver';
import { ApiEntry, ApiKey, User } from '../../database/entities';
import { AlertsModule } from '../alerts';
import { KeysModule } from '../keys';
import { ChargeQueue } from './charge-queue';
import { GatewayCatalogue } from './gateway-catalogue';
import { GatewayService } from './gateway.service';
import { IdempotencyStore } from './idempotency';
import { LEDGER } from './ledger';
import type { Ledger } from './ledger';
import { ledgerPool, MysqlLedger } from './mysql-ledger';
import { SqliteLedger } from './sqlite-ledger';
import { UsageRecorder } from './usage-recorder';

@Module({
  imports: [AlertsModule, KeysModule, TypeOrmModule.forFeature([ApiEntry, ApiKey, User])],
  providers: [
    {
      provide: LEDGER,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) =>
        byRawDriver<Ledger>(dataSource, {
          sqlite: (db) => new SqliteLedger(db),
          mysql: () =>
            new MysqlLedger(ledgerPool(dataSource), dataSource.options.type === 'mariadb'),
        }),
    },
    ChargeQueue,
    GatewayCatalogue,
    UsageRecorder,
    IdempotencyStore,
    GatewayService,
  ],
  exports: [LEDGER, UsageRecorder],
})
export class BillingModule {}
