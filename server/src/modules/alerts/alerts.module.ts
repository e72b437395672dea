import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertDelivery, BalanceAlert, User } from '../../database/entities';
import { LedgerModule } from '../ledger';
import { MailModule } from '../mail';
import { SessionsModule } from '../sessions';
import { AlertSender } from './alert-sender';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';
import { BalanceWatch } from './balance-watch';

/** Low-balance alerts: the gateway tells BalanceWatch of charges; the ledger announces credits. */
@Module({
  imports: [
    LedgerModule,
    MailModule,
    SessionsModule,
    TypeOrmModule.forFeature([AlertDelivery, BalanceAlert, User]),
  ],
  controllers: [AlertsController],
  providers: [AlertSender, AlertsService, BalanceWatch],
  exports: [BalanceWatch],
})
export class AlertsModule {}
