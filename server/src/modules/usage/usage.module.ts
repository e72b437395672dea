import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessLog, ApiEntry, ApiKey, User } from '../../database/entities';
import { CallLogService } from './call-log.service';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';
import { SessionsModule } from '../sessions';

@Module({
  imports: [SessionsModule, TypeOrmModule.forFeature([AccessLog, ApiEntry, ApiKey, User])],
  controllers: [UsageController],
  providers: [CallLogService, UsageService],
})
export class UsageModule {}
