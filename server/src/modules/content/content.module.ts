import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { Ad, Partner } from '../../database/entities';
import { SessionsModule } from '../sessions';
import { AdsController } from './ads.controller';
import { PartnersController } from './partners.controller';

/** The home page's showcases: partners and ads, one `Showcase` each. */
@Module({
  imports: [SessionsModule, AuditModule, TypeOrmModule.forFeature([Partner, Ad])],
  controllers: [PartnersController, AdsController],
})
export class ContentModule {}
