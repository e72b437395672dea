import { AdsModule } from './ads/ads.module';
import { AlertsModule } from './alerts/alerts.module';
import { ApisModule } from './apis/apis.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { SiteConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { LinksModule } from './links/links.module';
import { McpModule } from './mcp/mcp.module';
import { OpenApiModule } from './openapi/openapi.module';
import { OpsModule } from './ops/ops.module';
import { PartnersModule } from './partners/partners.module';
import { RechargeModule } from './recharge/recharge.module';
import { StatsModule } from './stats/stats.module';
import { UsageModule } from './usage/usage.module';
import { UsersModule } from './users/users.module';

/** Feature modules, in the order their routes register. */
export const FEATURE_MODULES = [
  HealthModule,
  AuthModule,
  UsersModule,
  UsageModule,
  AlertsModule,
  ApisModule,
  BillingModule,
  RechargeModule,
  PartnersModule,
  AdsModule,
  LinksModule,
  SiteConfigModule,
  StatsModule,
  OpenApiModule,
  McpModule,
  OpsModule,
];
