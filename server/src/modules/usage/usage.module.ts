import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessLog, ApiEntry, ApiKey, FreeQuotaUse, User } from '../../database/entities';
import { CallLogService } from './call-log.service';
import { FreeQuotaService } from './free-quota.service';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';
import { SessionsModule } from '../sessions';

@Module({
  imports: [
    SessionsModule,
    TypeOrmModule.forFeature([AccessLog, ApiEntry, ApiKey, FreeQuotaUse, User]),
  ],
  controllers: [UsageController],
  providers: [CallLogService, FreeQuotaService, UsageService],
})
export class UsageModule {}
