import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../common/metrics';
import { byRawDriver } from '../../database/raw-driver';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { BALANCE_BOOK, MysqlBalanceBook, SqliteBalanceBook } from './balance-book';
import type { BalanceBook } from './balance-book';
import { ChargeQueue } from './charge-queue';
import { CODE_LEDGER, MysqlCodeLedger, SqliteCodeLedger } from './code-ledger';
import { CREDIT_BOOK, MysqlCreditBook, SqliteCreditBook } from './credit-book';
import type { CreditBook } from './credit-book';
import type { CodeLedger } from './code-ledger';
import { LEDGER } from './ledger';
import type { Ledger } from './ledger';
import { announcingBook, announcingCodes, announcingOrders, LedgerEvents } from './ledger-events';
import { ledgerPool, MysqlLedger } from './mysql-ledger';
import { OWED_DIR, OwedJournal } from './owed-journal';
import { MysqlOrderLedger, ORDER_LEDGER, SqliteOrderLedger } from './order-ledger';
import type { OrderLedger } from './order-ledger';
import { MysqlPlanBook, PLAN_BOOK, SqlitePlanBook } from './plan-book';
import type { PlanBook } from './plan-book';
import { SqliteLedger } from './sqlite-ledger';

/**
 * Every write of a balance: the gateway's charges (batched by ChargeQueue) and refunds, credited
 * orders, admins' adjustments, redeemed codes, credit grants, plans bought. Each is written
 * against the raw driver of its database, SQLite or MySQL/MariaDB; credits are announced through
 * LedgerEvents.
 */
@Module({
  providers: [
    LedgerEvents,
    {
      provide: LEDGER,
      inject: [DataSource, MetricsService, ENV],
      useFactory: (dataSource: DataSource, metrics: MetricsService, env: Env) =>
        byRawDriver<Ledger>(dataSource, {
          sqlite: (db) => new SqliteLedger(db),
          mysql: () => {
            const mariadb = dataSource.options.type === 'mariadb';
            const journal = new OwedJournal(join(env.DATA_DIR, OWED_DIR));
            const ledger = new MysqlLedger(ledgerPool(dataSource), mariadb, undefined, journal);
            metrics.reportUnsettledCharges(() => ledger.unsettledCharges);
            return ledger;
          },
        }),
    },
    ChargeQueue,
    {
      provide: BALANCE_BOOK,
      inject: [DataSource, LedgerEvents],
      useFactory: (dataSource: DataSource, events: LedgerEvents) =>
        announcingBook(
          byRawDriver<BalanceBook>(dataSource, {
            sqlite: (db) => new SqliteBalanceBook(db),
            mysql: (pool) => new MysqlBalanceBook(pool),
          }),
          events,
        ),
    },
    {
      provide: ORDER_LEDGER,
      inject: [DataSource, LedgerEvents],
      useFactory: (dataSource: DataSource, events: LedgerEvents) =>
        announcingOrders(
          byRawDriver<OrderLedger>(dataSource, {
            sqlite: (db) => new SqliteOrderLedger(db),
            mysql: (pool) => new MysqlOrderLedger(pool),
          }),
          events,
        ),
    },
    {
      provide: CODE_LEDGER,
      inject: [DataSource, LedgerEvents, ENV],
      useFactory: (dataSource: DataSource, events: LedgerEvents, env: Env) =>
        announcingCodes(
          byRawDriver<CodeLedger>(dataSource, {
            sqlite: (db) => new SqliteCodeLedger(db, env.SITE_TIME_ZONE),
            mysql: (pool) => new MysqlCodeLedger(pool, env.SITE_TIME_ZONE),
          }),
          events,
        ),
    },
    {
      provide: CREDIT_BOOK,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) =>
        byRawDriver<CreditBook>(dataSource, {
          sqlite: (db) => new SqliteCreditBook(db),
          mysql: (pool) => new MysqlCreditBook(pool),
        }),
    },
    {
      provide: PLAN_BOOK,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) =>
        byRawDriver<PlanBook>(dataSource, {
          sqlite: (db) => new SqlitePlanBook(db),
          mysql: (pool) => new MysqlPlanBook(pool),
        }),
    },
  ],
  exports: [
    LedgerEvents,
    LEDGER,
    ChargeQueue,
    BALANCE_BOOK,
    ORDER_LEDGER,
    CODE_LEDGER,
    CREDIT_BOOK,
    PLAN_BOOK,
  ],
})
export class LedgerModule {}
