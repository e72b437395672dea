import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { Ad } from '../../database/entities';
import { AdsController } from './ads.controller';
import { SessionsModule } from '../sessions';

@Module({
  imports: [SessionsModule, AuditModule, TypeOrmModule.forFeature([Ad])],
  controllers: [AdsController],
})
export class AdsModule {}
