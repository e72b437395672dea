import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { FriendLink, SidebarLink } from '../../database/entities';
import { FriendLinksAdminController } from './friend-links-admin.controller';
import { LinksController } from './links.controller';
import { LinksService } from './links.service';
import { SidebarLinksAdminController } from './sidebar-links-admin.controller';

@Module({
  imports: [AuditModule, TypeOrmModule.forFeature([SidebarLink, FriendLink])],
  controllers: [LinksController, SidebarLinksAdminController, FriendLinksAdminController],
  providers: [LinksService],
  exports: [LinksService],
})
export class LinksModule {}
