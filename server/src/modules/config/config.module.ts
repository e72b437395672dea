import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { AdminTotp, SiteConfig } from '../../database/entities';
import { ConfigAdminController } from './config-admin.controller';
import { SiteConfigController } from './site-config.controller';
import { SiteConfigService } from './site-config.service';
import { MailModule } from '../mail';
import { SessionsModule } from '../sessions';

@Module({
  imports: [
    MailModule,
    SessionsModule,
    AuditModule,
    TypeOrmModule.forFeature([SiteConfig, AdminTotp]),
  ],
  controllers: [SiteConfigController, ConfigAdminController],
  providers: [SiteConfigService],
  exports: [SiteConfigService],
})
export class SiteConfigModule {}
