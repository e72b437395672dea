import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertDelivery, BalanceAlert, SiteConfig, User } from '../../database/entities';
import { LedgerModule } from '../ledger';
import { MailModule } from '../mail';
import { SessionsModule } from '../sessions';
import { AlertSender } from './alert-sender';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';
import { BalanceWatch } from './balance-watch';
import { IncidentAlerts } from './incident-alerts';

/**
 * Low-balance alerts (the gateway tells BalanceWatch of charges; the ledger announces credits) and
 * the site's incident alerts (the health monitor announces them).
 */
@Module({
  imports: [
    LedgerModule,
    MailModule,
    SessionsModule,
    TypeOrmModule.forFeature([AlertDelivery, BalanceAlert, SiteConfig, User]),
  ],
  controllers: [AlertsController],
  providers: [AlertSender, AlertsService, BalanceWatch, IncidentAlerts],
  exports: [BalanceWatch, IncidentAlerts],
})
export class AlertsModule {}
