import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { ApiCategory, ApiDailyStat, ApiEntry, ApiProbe, Category } from '../../database/entities';
import { ApisAdminController } from './apis-admin.controller';
import { ApisAdminService } from './apis-admin.service';
import { CatalogueController } from './catalogue.controller';
import { CatalogueSearch } from './catalogue-search';
import { CategoriesAdminController, CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { CatalogueService } from './catalogue.service';
import { SessionsModule } from '../sessions';

@Module({
  imports: [
    SessionsModule,
    AuditModule,
    TypeOrmModule.forFeature([ApiEntry, ApiDailyStat, ApiProbe, Category, ApiCategory]),
  ],
  controllers: [
    CatalogueController,
    ApisAdminController,
    CategoriesController,
    CategoriesAdminController,
  ],
  providers: [CatalogueService, ApisAdminService, CatalogueSearch, CategoriesService],
  exports: [CatalogueService],
})
export class ApisModule {}
