import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEntry, ApiKey, User } from '../../database/entities';
import { AlertsModule } from '../alerts';
import { ApiHealthModule } from '../api-health';
import { KeysModule } from '../keys';
import { LedgerModule } from '../ledger';
import { PlansModule } from '../plans';
import { GatewayCatalogue } from './gateway-catalogue';
import { GatewayService } from './gateway.service';
import { IdempotencyStore } from './idempotency';
import { UsageRecorder } from './usage-recorder';

/** The gateway at /apis/*: a raw Fastify route that checks the key, charges, calls and logs. */
@Module({
  imports: [
    AlertsModule,
    ApiHealthModule,
    KeysModule,
    LedgerModule,
    PlansModule,
    TypeOrmModule.forFeature([ApiEntry, ApiKey, User]),
  ],
  providers: [GatewayCatalogue, UsageRecorder, IdempotencyStore, GatewayService],
  exports: [GatewayService, UsageRecorder],
})
export class GatewayModule {}
