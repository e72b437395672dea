import { Controller } from '@nestjs/common';
import { toFriendLink, toSidebarLink } from './dto/link.response';
import { LinksService } from './links.service';
import { Serves } from '../../common/serves';

@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @Serves('GET api/get_sidebar_links_public.php')
  async sidebar() {
    const rows = await this.links.enabledSidebarLinks();
    return { success: true, message: 'ok', data: rows.map(toSidebarLink) };
  }

  @Serves('GET api/get_friend_links_public.php')
  async friends() {
    const rows = await this.links.enabledFriendLinks();
    return { success: true, message: 'ok', data: rows.map(toFriendLink) };
  }
}
