import { AccessLog } from './access-log.entity';
import { AccountToken } from './account-token.entity';
import { AlertDelivery } from './alert-delivery.entity';
import { Ad } from './ad.entity';
import { Admin } from './admin.entity';
import { ApiKey } from './api-key.entity';
import { AuditLog } from './audit-log.entity';
import { ApiDailyStat } from './api-daily-stat.entity';
import { ApiHealth, ApiHealthBucket, ApiHealthDay, ApiIncident } from './api-health.entity';
import { ApiProbe } from './api-probe.entity';
import { ApiEntry } from './api.entity';
import { BalanceAdjustment } from './balance-adjustment.entity';
import { ApiCategory, CatalogueState, Category } from './category.entity';
import { BalanceAlert } from './balance-alert.entity';
import { FreeQuotaUse } from './free-quota-use.entity';
import { FriendLink } from './friend-link.entity';
import { Partner } from './partner.entity';
import { RechargeRecord } from './recharge-record.entity';
import { RedeemBatch, RedeemCode, RedeemUserUse, Redemption } from './redeem.entity';
import { CreditGrant } from './credit-grant.entity';
import { Plan, PlanPeriodBought, PlanSubscription } from './plan.entity';
import { Referral, ReferralInviter, ReferralMark, ReferralReward } from './referral.entity';
import { Session } from './session.entity';
import { SidebarLink } from './sidebar-link.entity';
import { SiteConfig } from './site-config.entity';
import { OidcProvider, UserIdentity } from './oidc.entity';
import { Passkey } from './passkey.entity';
import { AdminRecoveryCode, AdminTotp, RecoveryCode, UserTotp } from './two-factor.entity';
import {
  CallDayTotal,
  CallHourRollup,
  CallRollup,
  SiteDayTotal,
  UsageHourRollup,
  UsageHourState,
  UsageRollup,
  UsageRollupState,
  UserDayTotal,
  UserMonthFirst,
} from './usage-rollup.entity';
import { LedgerClosing, LedgerMonth, LogRetentionState } from './ledger-closing.entity';
import { UserDevice } from './user-device.entity';
import { User } from './user.entity';

export {
  AccessLog,
  AccountToken,
  AlertDelivery,
  Ad,
  Admin,
  AdminRecoveryCode,
  AdminTotp,
  ApiKey,
  AuditLog,
  ApiDailyStat,
  ApiEntry,
  ApiHealth,
  ApiHealthBucket,
  ApiHealthDay,
  ApiIncident,
  ApiProbe,
  ApiCategory,
  BalanceAdjustment,
  CatalogueState,
  Category,
  CreditGrant,
  Plan,
  PlanPeriodBought,
  PlanSubscription,
  BalanceAlert,
  FreeQuotaUse,
  FriendLink,
  OidcProvider,
  Partner,
  Passkey,
  RechargeRecord,
  RecoveryCode,
  RedeemBatch,
  RedeemCode,
  RedeemUserUse,
  Redemption,
  Referral,
  ReferralInviter,
  ReferralMark,
  ReferralReward,
  Session,
  SidebarLink,
  SiteConfig,
  UsageRollup,
  UsageRollupState,
  CallRollup,
  CallDayTotal,
  UserDayTotal,
  UserMonthFirst,
  SiteDayTotal,
  UsageHourRollup,
  CallHourRollup,
  UsageHourState,
  LedgerMonth,
  LedgerClosing,
  LogRetentionState,
  User,
  UserDevice,
  UserIdentity,
  UserTotp,
};

export const ENTITIES = [
  AccessLog,
  AccountToken,
  AlertDelivery,
  Ad,
  Admin,
  AdminRecoveryCode,
  AdminTotp,
  ApiKey,
  AuditLog,
  ApiDailyStat,
  ApiEntry,
  ApiHealth,
  ApiHealthBucket,
  ApiHealthDay,
  ApiIncident,
  ApiProbe,
  ApiCategory,
  BalanceAdjustment,
  CatalogueState,
  Category,
  CreditGrant,
  Plan,
  PlanPeriodBought,
  PlanSubscription,
  BalanceAlert,
  FreeQuotaUse,
  FriendLink,
  OidcProvider,
  Partner,
  Passkey,
  RechargeRecord,
  RecoveryCode,
  RedeemBatch,
  RedeemCode,
  RedeemUserUse,
  Redemption,
  Referral,
  ReferralInviter,
  ReferralMark,
  ReferralReward,
  Session,
  SidebarLink,
  SiteConfig,
  UsageRollup,
  UsageRollupState,
  CallRollup,
  CallDayTotal,
  UserDayTotal,
  UserMonthFirst,
  SiteDayTotal,
  UsageHourRollup,
  CallHourRollup,
  UsageHourState,
  LedgerMonth,
  LedgerClosing,
  LogRetentionState,
  User,
  UserDevice,
  UserIdentity,
  UserTotp,
];
