import { AccountMailModule } from './account-mail/account-mail.module';
import { AlertsModule } from './alerts/alerts.module';
import { ApiHealthModule } from './api-health/api-health.module';
import { ApisModule } from './apis/apis.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ContentModule } from './content/content.module';
import { GatewayModule } from './gateway/gateway.module';
import { SiteConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { KeysModule } from './keys/keys.module';
import { LedgerModule } from './ledger/ledger.module';
import { LinksModule } from './links/links.module';
import { MailModule } from './mail/mail.module';
import { McpModule } from './mcp/mcp.module';
import { OpenApiModule } from './openapi/openapi.module';
import { OpsModule } from './ops/ops.module';
import { PagesModule } from './pages/pages.module';
import { PlansModule } from './plans/plans.module';
import { ProbesModule } from './probes/probes.module';
import { RechargeModule } from './recharge/recharge.module';
import { SessionsModule } from './sessions/sessions.module';
import { StatementsModule } from './statements/statements.module';
import { StatsModule } from './stats/stats.module';
import { StatusModule } from './status/status.module';
import { UsageModule } from './usage/usage.module';
import { UsersModule } from './users/users.module';

/** Every feature module, in the order their routes register (builtins/ is code, not a module). */
export const FEATURE_MODULES = [
  HealthModule,
  SessionsModule,
  AuditModule,
  MailModule,
  AccountMailModule,
  AuthModule,
  KeysModule,
  UsersModule,
  UsageModule,
  AlertsModule,
  ApiHealthModule,
  ApisModule,
  LedgerModule,
  GatewayModule,
  ProbesModule,
  RechargeModule,
  PlansModule,
  StatementsModule,
  ContentModule,
  LinksModule,
  SiteConfigModule,
  StatsModule,
  StatusModule,
  OpenApiModule,
  McpModule,
  OpsModule,
  PagesModule,
];
