import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { Ad } from '../../database/entities';
import { AdsController } from './ads.controller';

@Module({
  imports: [AuditModule, TypeOrmModule.forFeature([Ad])],
  controllers: [AdsController],
})
export class AdsModule {}
