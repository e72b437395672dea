import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit';
import { FriendLink, SidebarLink } from '../../database/entities';
import { FriendLinksAdminController } from './friend-links-admin.controller';
import { LinksController } from './links.controller';
import { LinksService } from './links.service';
import { SidebarLinksAdminController } from './sidebar-links-admin.controller';
import { SessionsModule } from '../sessions';

@Module({
  imports: [SessionsModule, AuditModule, TypeOrmModule.forFeature([SidebarLink, FriendLink])],
  controllers: [LinksController, SidebarLinksAdminController, FriendLinksAdminController],
  providers: [LinksService],
  exports: [LinksService],
})
export class LinksModule {}
