import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { ApiDailyStat, ApiEntry } from '../../database/entities';
import { ApisAdminController } from './apis-admin.controller';
import { ApisAdminService } from './apis-admin.service';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';

@Module({
  imports: [AuditModule, TypeOrmModule.forFeature([ApiEntry, ApiDailyStat])],
  controllers: [CatalogueController, ApisAdminController],
  providers: [CatalogueService, ApisAdminService],
  exports: [CatalogueService],
})
export class ApisModule {}
