import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RedeemBatch, RedeemCode, Redemption } from '../../database/entities';
import { AuditModule } from '../audit';
import { LedgerModule } from '../ledger';
import { SessionsModule } from '../sessions';
import { RedeemAdminService } from './redeem-admin.service';
import { RedeemAdminController, RedeemController } from './redeem.controller';
import { RedeemService } from './redeem.service';

/**
 * Ways to sell calls besides the per-call price: for now redeem codes (cash), money moved by the
 * ledger. Free quotas are taken in the gateway's charge (ledger) and listed by usage/.
 */
@Module({
  imports: [
    AuditModule,
    LedgerModule,
    SessionsModule,
    TypeOrmModule.forFeature([RedeemBatch, RedeemCode, Redemption]),
  ],
  controllers: [RedeemController, RedeemAdminController],
  providers: [RedeemService, RedeemAdminService],
})
export class PlansModule {}
