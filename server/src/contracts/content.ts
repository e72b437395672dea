/** Partners, ads, sidebar links and friend links: what the admin edits and the site shows. */

export interface Partner {
  id: number;
  name: string;
  /** The English site's name ('' when none: it shows `name`). */
  name_en: string;
  logo_url: string;
  website_url: string;
  description: string;
  /** The English site's description ('' when none: it shows `description`). */
  description_en: string;
  sort_order: number;
  /** STATUS: 1 enabled, 0 disabled. */
  status: number;
  created_at: string;
  updated_at: string;
}

export interface Ad {
  id: number;
  title: string;
  /** The English site's title ('' when none: it shows `title`). */
  title_en: string;
  image_url: string;
  link_url: string;
  description: string;
  /** The English site's description ('' when none: it shows `description`). */
  description_en: string;
  sort_order: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export const LINK_TARGETS = ['_self', '_blank'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/** A sidebar link as the public list returns it. */
export interface SidebarLink {
  id: number;
  title: string;
  /** The English site's title ('' when none: it shows `title`). */
  title_en: string;
  description: string;
  /** The English site's description ('' when none: it shows `description`). */
  description_en: string;
  url: string | null;
  target: LinkTarget;
  sort_order: number;
  status: number;
}

export interface AdminSidebarLink extends SidebarLink {
  created_at: string;
  updated_at: string;
}

export interface FriendLink {
  id: number;
  name: string;
  link_url: string;
  avatar_url: string;
  description: string;
  /** '' when the admin wrote none: English pages then show `description`. */
  description_en: string;
  sort_order: number;
  status: number;
  created_at: string;
  updated_at: string;
}

/** The add bodies; the update bodies add the id. */
type Body<T> = Omit<T, 'id' | 'created_at' | 'updated_at'> & { id?: number };
/** An English text left out of a save is saved empty (older clients send none). */
type English<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
export type SavePartnerBody = English<Body<Partner>, 'name_en' | 'description_en'>;
export type SaveAdBody = English<Body<Ad>, 'title_en' | 'description_en'>;
export type SaveSidebarLinkBody = Omit<Body<SidebarLink>, 'url' | 'title_en' | 'description_en'> & {
  url: string;
  title_en?: string;
  description_en?: string;
};
export type SaveFriendLinkBody = English<Body<FriendLink>, 'description_en'>;

/**
 * The fields each add call reads (its update adds `id`), in the form's order: a refusal naming any
 * of them is shown at its control (unit tests hold the DTOs to these lists, a client test every
 * entry to a control).
 */
export const PARTNER_FIELDS = [
  'name',
  'name_en',
  'logo_url',
  'website_url',
  'description',
  'description_en',
  'sort_order',
  'status',
] as const satisfies readonly (keyof SavePartnerBody)[];
export const AD_FIELDS = [
  'title',
  'title_en',
  'image_url',
  'link_url',
  'description',
  'description_en',
  'sort_order',
  'status',
] as const satisfies readonly (keyof SaveAdBody)[];
export const SIDEBAR_LINK_FIELDS = [
  'title',
  'title_en',
  'url',
  'target',
  'description',
  'description_en',
  'sort_order',
  'status',
] as const satisfies readonly (keyof SaveSidebarLinkBody)[];
export const FRIEND_LINK_FIELDS = [
  'name',
  'link_url',
  'avatar_url',
  'description',
  'description_en',
  'sort_order',
  'status',
] as const satisfies readonly (keyof SaveFriendLinkBody)[];
export type FriendLinkField = (typeof FRIEND_LINK_FIELDS)[number];

/** An absolute http(s) URL. */
export const HTTP_URL = /^https?:\/\/\S+$/i;
/** An http(s) URL, or a path on this site ("/..."; "//host" would leave it). */
export const SITE_OR_HTTP_URL = /^(https?:\/\/\S+|\/(?!\/)\S*)$/i;
/** An http(s) URL with a host. */
export const HOSTED_HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;

/** Sort orders are integers within ±SORT_ORDER_LIMIT; smaller first. */
export const SORT_ORDER_LIMIT = 1_000_000;
export const SORT_ORDER_MESSAGE = 'sort order must be an integer';

export const PARTNER_RULES = {
  url: HTTP_URL,
  /** The logo is an image: on another site, or on this one (the demo partners' are). */
  logo: SITE_OR_HTTP_URL,
  nameRequired: 'partner name cannot be empty',
  logoUrl: 'logo URL format is incorrect',
  websiteUrl: 'website URL format is incorrect',
} as const;

export const AD_RULES = {
  url: SITE_OR_HTTP_URL,
  required: 'title, image URL and link URL are required',
  imageUrl: 'image URL format is incorrect',
  linkUrl: 'link URL format is incorrect',
} as const;

export const SIDEBAR_LINK_RULES = {
  url: SITE_OR_HTTP_URL,
  required: 'title and URL are required',
  badUrl: 'URL format is incorrect',
} as const;

export const FRIEND_LINK_RULES = {
  url: HOSTED_HTTP_URL,
  /** The avatar is an image: on another site, or on this one (the demo links' are). */
  avatar: SITE_OR_HTTP_URL,
  required: '友链名称和链接不能为空',
  badUrl: '友链链接或头像链接格式无效',
} as const;
