import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { SessionsModule } from '../sessions';
import { RechargeRecord } from '../../database/entities';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AfdianClient, webhookKey } from './afdian.client';
import { AfdianWebhookRoute } from './afdian-webhook';
import { AfdianSandbox, afdianMode } from './afdian-sandbox';
import { BalanceAdjustmentsService } from './balance-adjustments.service';
import { LedgerModule } from '../ledger';
import { RechargeAdminController } from './recharge-admin.controller';
import { RechargeAdminService } from './recharge-admin.service';
import { RechargeController } from './recharge.controller';
import { RechargeRechecker } from './recharge-rechecker';
import { AFDIAN_CLIENT, AFDIAN_WEBHOOK_KEY, RechargeService } from './recharge.service';
import type { OrderQuery } from './recharge.service';

@Module({
  imports: [AuditModule, LedgerModule, SessionsModule, TypeOrmModule.forFeature([RechargeRecord])],
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
        if (mode === 'sandbox') {
          // Sandbox orders come back with their number (ADR 034): none to look for.
          return {
            queryOrder: (no) => sandbox.queryOrder(no),
            recentOrders: () => Promise.resolve([]),
          };
        }
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
    RechargeService,
    RechargeRechecker,
    RechargeAdminService,
    BalanceAdjustmentsService,
  ],
})
export class RechargeModule {}
