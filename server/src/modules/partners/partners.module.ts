import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { Partner } from '../../database/entities';
import { PartnersController } from './partners.controller';

@Module({
  imports: [AuditModule, TypeOrmModule.forFeature([Partner])],
  controllers: [PartnersController],
})
export class PartnersModule {}
