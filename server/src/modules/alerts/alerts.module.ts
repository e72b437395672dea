import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertDelivery, BalanceAlert, User } from '../../database/entities';
import { AlertSender } from './alert-sender';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';
import { BalanceWatch } from './balance-watch';

/** Low-balance alerts; global so the gateway's charge path can tell BalanceWatch about charges. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AlertDelivery, BalanceAlert, User])],
  controllers: [AlertsController],
  providers: [AlertSender, AlertsService, BalanceWatch],
  exports: [BalanceWatch],
})
export class AlertsModule {}
