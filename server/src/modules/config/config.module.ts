import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { SiteConfig } from '../../database/entities';
import { ConfigAdminController } from './config-admin.controller';
import { SiteConfigController } from './site-config.controller';
import { SiteConfigService } from './site-config.service';

@Module({
  imports: [AuditModule, TypeOrmModule.forFeature([SiteConfig])],
  controllers: [SiteConfigController, ConfigAdminController],
  providers: [SiteConfigService],
  exports: [SiteConfigService],
})
export class SiteConfigModule {}
