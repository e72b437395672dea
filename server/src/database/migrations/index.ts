import { InitialSchema1763769600000 } from './1763769600000-InitialSchema';
import { AuditLog1767225600000 } from './1767225600000-AuditLog';
import { ApiTitleEn1767312000000 } from './1767312000000-ApiTitleEn';
import { RechargeStates1795409209464 } from './1795409209464-RechargeStates';
import { AccessLogKeys1795600000000 } from './1795600000000-AccessLogKeys';
import { ApiKeys1795600000001 } from './1795600000001-ApiKeys';
import { BalanceAlerts1795700000000 } from './1795700000000-BalanceAlerts';
import { Categories1795800000000 } from './1795800000000-Categories';
import { AuditLogLongText1795900002500 } from './1795900002500-AuditLogLongText';
import { IdempotencyKeys1796000000000 } from './1796000000000-IdempotencyKeys';
import { AccountTokens1796100000000 } from './1796100000000-AccountTokens';
import { TwoFactor1796200000000 } from './1796200000000-TwoFactor';
import { Passkeys1796300000000 } from './1796300000000-Passkeys';
import { SessionSecondFactor1796400000000 } from './1796400000000-SessionSecondFactor';
import { SignInNotices1796500000000 } from './1796500000000-SignInNotices';
import { OidcSignIn1796600000000 } from './1796600000000-OidcSignIn';
import { EmailVerification1796700000000 } from './1796700000000-EmailVerification';
import { AdminTwoFactor1796800000000 } from './1796800000000-AdminTwoFactor';
import { ApiHealth1796900000000 } from './1796900000000-ApiHealth';
import { ApiProbes1797000000000 } from './1797000000000-ApiProbes';
import { FreeQuotas1797100000000 } from './1797100000000-FreeQuotas';
import { RedeemCodes1797200000000 } from './1797200000000-RedeemCodes';
import { SidebarLinkEnglish1797300000000 } from './1797300000000-SidebarLinkEnglish';
import { SiteConfigEnglish1797400000000 } from './1797400000000-SiteConfigEnglish';
import { PartnerAdEnglish1797500000000 } from './1797500000000-PartnerAdEnglish';
import { FriendLinkEnglish1797600000000 } from './1797600000000-FriendLinkEnglish';
import { ApiRequestFormat1797700000000 } from './1797700000000-ApiRequestFormat';
import { UsageRollups1797800000000 } from './1797800000000-UsageRollups';
import { CallRollups1797900000000 } from './1797900000000-CallRollups';
import { LedgerClosings1798000000000 } from './1798000000000-LedgerClosings';
import { LogRetentionState1798100000000 } from './1798100000000-LogRetentionState';
import { DayTotals1798200000000 } from './1798200000000-DayTotals';
import { HourRollups1798300000000 } from './1798300000000-HourRollups';
import { UsersByCreation1798400000000 } from './1798400000000-UsersByCreation';
import { Referrals1798500000000 } from './1798500000000-Referrals';
import { ReferralsByTime1798600000000 } from './1798600000000-ReferralsByTime';
import { UsageRollupsCovered1798700000000 } from './1798700000000-UsageRollupsCovered';
import { CreditGrants1798800000000 } from './1798800000000-CreditGrants';
import { CreditCodes1798900000000 } from './1798900000000-CreditCodes';
import { Plans1799000000000 } from './1799000000000-Plans';
import { ReferralCredit1799100000000 } from './1799100000000-ReferralCredit';
import { PlanWindows1799200000000 } from './1799200000000-PlanWindows';
import { PlanCodes1799300000000 } from './1799300000000-PlanCodes';

/** Every migration, oldest first. */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  AuditLog1767225600000,
  ApiTitleEn1767312000000,
  RechargeStates1795409209464,
  AccessLogKeys1795600000000,
  ApiKeys1795600000001,
  BalanceAlerts1795700000000,
  Categories1795800000000,
  AuditLogLongText1795900002500,
  IdempotencyKeys1796000000000,
  AccountTokens1796100000000,
  TwoFactor1796200000000,
  Passkeys1796300000000,
  SessionSecondFactor1796400000000,
  SignInNotices1796500000000,
  OidcSignIn1796600000000,
  EmailVerification1796700000000,
  AdminTwoFactor1796800000000,
  ApiHealth1796900000000,
  ApiProbes1797000000000,
  FreeQuotas1797100000000,
  RedeemCodes1797200000000,
  SidebarLinkEnglish1797300000000,
  SiteConfigEnglish1797400000000,
  PartnerAdEnglish1797500000000,
  FriendLinkEnglish1797600000000,
  ApiRequestFormat1797700000000,
  UsageRollups1797800000000,
  CallRollups1797900000000,
  LedgerClosings1798000000000,
  LogRetentionState1798100000000,
  DayTotals1798200000000,
  HourRollups1798300000000,
  UsersByCreation1798400000000,
  Referrals1798500000000,
  ReferralsByTime1798600000000,
  UsageRollupsCovered1798700000000,
  CreditGrants1798800000000,
  CreditCodes1798900000000,
  Plans1799000000000,
  ReferralCredit1799100000000,
  PlanWindows1799200000000,
  PlanCodes1799300000000,
];
