import { Controller, Get } from '@nestjs/common';
import { toFriendLink, toSidebarLink } from './dto/link.response';
import { LinksService } from './links.service';

@Controller('api')
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @Get('get_sidebar_links_public.php')
  async sidebar() {
    const rows = await this.links.enabledSidebarLinks();
    return { success: true, message: 'ok', data: rows.map(toSidebarLink) };
  }

  @Get('get_friend_links_public.php')
  async friends() {
    const rows = await this.links.enabledFriendLinks();
    return { success: true, message: 'ok', data: rows.map(toFriendLink) };
  }
}
