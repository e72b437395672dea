import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { FriendLink, SidebarLink } from '../../database/entities';

const DISPLAY_ORDER = { sort_order: 'ASC', id: 'ASC' } as const;

@Injectable()
export class LinksService {
  constructor(
    @InjectRepository(SidebarLink) private readonly sidebarLinks: Repository<SidebarLink>,
    @InjectRepository(FriendLink) private readonly friendLinks: Repository<FriendLink>,
  ) {}

  enabledSidebarLinks(): Promise<SidebarLink[]> {
    return this.sidebarLinks.find({ where: { status: 1 }, order: DISPLAY_ORDER });
  }

  enabledFriendLinks(): Promise<FriendLink[]> {
    return this.friendLinks.find({ where: { status: 1 }, order: DISPLAY_ORDER });
  }
}
