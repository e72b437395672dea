import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { Partner } from '../../database/entities';
import { PartnersController } from './partners.controller';
import { SessionsModule } from '../sessions';

@Module({
  imports: [SessionsModule, AuditModule, TypeOrmModule.forFeature([Partner])],
  controllers: [PartnersController],
})
export class PartnersModule {}
