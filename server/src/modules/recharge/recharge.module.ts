import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertsModule } from '../alerts';
import { AuditModule } from '../audit';
import { SessionsModule } from '../sessions';
import { DataSource } from 'typeorm';
import { byRawDriver } from '../../database/raw-driver';
import { BalanceWatch } from '../alerts';
import { RechargeRecord } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AfdianClient, webhookKey } from './afdian.client';
import { AfdianWebhookRoute } from './afdian-webhook';
import { AfdianSandbox, afdianMode } from './afdian-sandbox';
import { BALANCE_BOOK, MysqlBalanceBook, SqliteBalanceBook } from './balance-book';
import type { BalanceBook } from './balance-book';
import { BalanceAdjustmentsService } from './balance-adjustments.service';
import { MysqlOrderLedger, ORDER_LEDGER, SqliteOrderLedger } from './order-ledger';
import type { OrderLedger } from './order-ledger';
import { RechargeAdminController } from './recharge-admin.controller';
import { RechargeAdminService } from './recharge-admin.service';
import { RechargeController } from './recharge.controller';
import { RechargeRechecker } from './recharge-rechecker';
import { AFDIAN_CLIENT, AFDIAN_WEBHOOK_KEY, RechargeService } from './recharge.service';
import type { OrderQuery } from './recharge.service';

/** Money coming in (a credited order) arms the user's low-balance alert again. */
const rearmingLedger = (ledger: OrderLedger, watch: BalanceWatch): OrderLedger => ({
  note: (order, state, reason) => ledger.note(order, state, reason),
  credit: async (order, adminId, audit) => {
    const outcome = await ledger.credit(order, adminId, audit);
    if (outcome.outcome === 'credited') await watch.rearm(order.user_id);
    return outcome;
  },
});

/** …and so does an admin's credit (an admin's debit does not). */
const rearmingBook = (book: BalanceBook, watch: BalanceWatch): BalanceBook => ({
  adjust: async (userId, adminId, deltaMilli, reason, audit) => {
    const outcome = await book.adjust(userId, adminId, deltaMilli, reason, audit);
    if (outcome.ok && deltaMilli > 0) await watch.rearm(userId);
    return outcome;
  },
});

@Module({
  imports: [AlertsModule, AuditModule, SessionsModule, TypeOrmModule.forFeature([RechargeRecord])],
  controllers: [RechargeController, RechargeAdminController],
  providers: [
    AfdianSandbox,
    AfdianWebhookRoute,
    {
      provide: AFDIAN_CLIENT,
      inject: [ENV, AfdianSandbox],
      useFactory: (env: Env, sandbox: AfdianSandbox): OrderQuery | null => {
        const mode = afdianMode(env);
        // Not the sandbox itself: Nest would run its lifecycle hooks a second time for this token.
        if (mode === 'sandbox') return { queryOrder: (no) => sandbox.queryOrder(no) };
        if (mode === 'not_configured') return null;
        return new AfdianClient({
          baseUrls: env.AFDIAN_BASE_URL.split(',').map((url) => url.trim()),
          userId: env.AFDIAN_USER_ID!,
          token: env.AFDIAN_TOKEN!,
          timeoutMs: env.AFDIAN_TIMEOUT_MS,
        });
      },
    },
    {
      provide: AFDIAN_WEBHOOK_KEY,
      inject: [ENV],
      useFactory: (env: Env) => webhookKey(env.AFDIAN_WEBHOOK_PUBLIC_KEY),
    },
    {
      provide: BALANCE_BOOK,
      inject: [DataSource, BalanceWatch],
      useFactory: (dataSource: DataSource, watch: BalanceWatch) =>
        rearmingBook(
          byRawDriver<BalanceBook>(dataSource, {
            sqlite: (db) => new SqliteBalanceBook(db),
            mysql: (pool) => new MysqlBalanceBook(pool),
          }),
          watch,
        ),
    },
    {
      provide: ORDER_LEDGER,
      inject: [DataSource, BalanceWatch],
      useFactory: (dataSource: DataSource, watch: BalanceWatch) =>
        rearmingLedger(
          byRawDriver<OrderLedger>(dataSource, {
            sqlite: (db) => new SqliteOrderLedger(db),
            mysql: (pool) => new MysqlOrderLedger(pool),
          }),
          watch,
        ),
    },
    RechargeService,
    RechargeRechecker,
    RechargeAdminService,
    BalanceAdjustmentsService,
  ],
})
export class RechargeModule {}
