import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AccessLog,
  ApiDailyStat,
  ApiEntry,
  RechargeRecord,
  SiteConfig,
  User,
} from '../../database/entities';
import { StatsAdminController } from './stats-admin.controller';
import { StatsAdminService } from './stats-admin.service';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';
import { SessionsModule } from '../sessions';

@Module({
  imports: [
    SessionsModule,
    TypeOrmModule.forFeature([ApiEntry, ApiDailyStat, SiteConfig, AccessLog, User, RechargeRecord]),
  ],
  controllers: [StatsController, StatsAdminController],
  providers: [StatsService, StatsAdminService],
  exports: [StatsService],
})
export class StatsModule {}
