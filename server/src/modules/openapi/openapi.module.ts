import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEntry } from '../../database/entities';
import { AuditModule } from '../audit';
import { SiteConfigModule } from '../config';
import { CatalogueDocs } from './catalogue-docs.service';
import { ImportBodyLimit } from './import-body-limit';
import { OpenApiAdminController } from './openapi-admin.controller';
import { OpenApiImportService } from './openapi-import.service';
import { OpenApiController } from './openapi.controller';
import { SessionsModule } from '../sessions';

/** The catalogue for programs and agents: OpenAPI and llms.txt out, OpenAPI import in. */
@Module({
  imports: [SessionsModule, AuditModule, TypeOrmModule.forFeature([ApiEntry]), SiteConfigModule],
  controllers: [OpenApiController, OpenApiAdminController],
  providers: [CatalogueDocs, ImportBodyLimit, OpenApiImportService],
  exports: [CatalogueDocs],
})
export class OpenApiModule {}
