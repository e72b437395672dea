import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  CreditGrant,
  Plan,
  PlanSubscription,
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
import { PlanCoverage } from './plan-coverage';
import { PlanRenewal } from './plan-renewal';
import { PlansAdminController, PlansController } from './plans.controller';
import { PlansService } from './plans.service';
import { RedeemAdminService } from './redeem-admin.service';
import { RedeemAdminController, RedeemController } from './redeem.controller';
import { RedeemService } from './redeem.service';
import { ReferralsAdminService } from './referrals-admin.service';
import { ReferralsAdminController, ReferralsController } from './referrals.controller';
import { ReferralsService } from './referrals.service';

/**
 * Ways to sell calls besides the per-call price: plans (periods of included calls bought from the
 * balance), credit grants (spent before cash, until they expire), redeem codes (cash or credit)
 * and invite rewards (cash or credit for the inviter on an invitee's first recharge), money moved
 * by the ledger. Free quotas are taken in the gateway's charge (ledger) and listed by usage/.
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
      Plan,
      PlanSubscription,
      User,
    ]),
  ],
  controllers: [
    CreditController,
    PlansController,
    PlansAdminController,
    RedeemController,
    RedeemAdminController,
    ReferralsController,
    ReferralsAdminController,
  ],
  providers: [
    CreditService,
    CreditExpiry,
    PlanCoverage,
    PlanRenewal,
    PlansService,
    RedeemService,
    RedeemAdminService,
    ReferralsService,
    ReferralsAdminService,
  ],
  exports: [PlanCoverage, PlansService, ReferralsService],
})
export class PlansModule {}
