import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiDailyStat, ApiEntry } from '../../database/entities';
import { ApisAdminController } from './apis-admin.controller';
import { ApisAdminService } from './apis-admin.service';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';

@Module({
  imports: [TypeOrmModule.forFeature([ApiEntry, ApiDailyStat])],
  controllers: [CatalogueController, ApisAdminController],
  providers: [CatalogueService, ApisAdminService],
  exports: [CatalogueService],
})
export class ApisModule {}
