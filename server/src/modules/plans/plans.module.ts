import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  CreditGrant,
  RedeemBatch,
  RedeemCode,
  Redemption,
  Referral,
  ReferralInviter,
  ReferralReward,
  SiteConfig,
  User,
} from '../../database/entities';
import { AuditModule } from '../audit';
import { LedgerModule } from '../ledger';
import { SessionsModule } from '../sessions';
import { CreditExpiry } from './credit-expiry';
import { CreditController } from './credit.controller';
import { CreditService } from './credit.service';
import { RedeemAdminService } from './redeem-admin.service';
import { RedeemAdminController, RedeemController } from './redeem.controller';
import { RedeemService } from './redeem.service';
import { ReferralsAdminService } from './referrals-admin.service';
import { ReferralsAdminController, ReferralsController } from './referrals.controller';
import { ReferralsService } from './referrals.service';

/**
 * Ways to sell calls besides the per-call price: for now credit grants (spent before cash, until
 * they expire), redeem codes (cash) and invite rewards (cash for the inviter on an invitee's first
 * recharge), money moved by the ledger. Free quotas are
 * taken in the gateway's charge (ledger) and listed by usage/.
 */
@Module({
  imports: [
    AuditModule,
    LedgerModule,
    SessionsModule,
    TypeOrmModule.forFeature([
      RedeemBatch,
      RedeemCode,
      Redemption,
      Referral,
      ReferralInviter,
      ReferralReward,
      SiteConfig,
      CreditGrant,
      User,
    ]),
  ],
  controllers: [
    CreditController,
    RedeemController,
    RedeemAdminController,
    ReferralsController,
    ReferralsAdminController,
  ],
  providers: [
    CreditService,
    CreditExpiry,
    RedeemService,
    RedeemAdminService,
    ReferralsService,
    ReferralsAdminService,
  ],
  exports: [ReferralsService],
})
export class PlansModule {}
