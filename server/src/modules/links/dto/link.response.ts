import type { FriendLink, SidebarLink } from '../../../contracts/content';
import type {
  FriendLink as FriendLinkRow,
  SidebarLink as SidebarLinkRow,
} from '../../../database/entities';

export function toSidebarLink(link: SidebarLinkRow): SidebarLink {
  return {
    id: link.id,
    title: link.title,
    title_en: link.title_en,
    description: link.description,
    description_en: link.description_en,
    url: link.url,
    target: link.target,
    sort_order: link.sort_order,
    status: link.status,
  };
}

export function toFriendLink(link: FriendLinkRow): FriendLink {
  return {
    id: link.id,
    name: link.name,
    link_url: link.link_url,
    avatar_url: link.avatar_url,
    description: link.description,
    description_en: link.description_en,
    sort_order: link.sort_order,
    status: link.status,
    created_at: link.created_at.toISOString(),
    updated_at: link.updated_at.toISOString(),
  };
}
