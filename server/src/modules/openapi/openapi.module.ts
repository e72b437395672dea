import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEntry } from '../../database/entities';
import { SiteConfigModule } from '../config/config.module';
import { CatalogueDocs } from './catalogue-docs.service';
import { OpenApiController } from './openapi.controller';

/** The catalogue for programs and agents: OpenAPI and llms.txt. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiEntry]), SiteConfigModule],
  controllers: [OpenApiController],
  providers: [CatalogueDocs],
  exports: [CatalogueDocs],
})
export class OpenApiModule {}
