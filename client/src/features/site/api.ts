import type { FriendLink, SidebarLink } from '@contracts/content';
import type { DataEnvelope } from '@contracts/envelope';
import type { PublicSiteConfig } from '@contracts/site';
import { api } from '../../lib/api';

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteConfig: build.query<PublicSiteConfig, void>({
      query: () => 'api/get_config.php',
      transformResponse: (res: DataEnvelope<PublicSiteConfig>) => res.data,
      providesTags: ['Config'],
    }),
    getSidebarLinks: build.query<SidebarLink[], void>({
      query: () => 'api/get_sidebar_links_public.php',
      transformResponse: (res: DataEnvelope<SidebarLink[]>) => res.data ?? [],
      providesTags: ['Links'],
    }),
    getFriendLinks: build.query<FriendLink[], void>({
      query: () => 'api/get_friend_links_public.php',
      transformResponse: (res: DataEnvelope<FriendLink[]>) => res.data ?? [],
      providesTags: ['FriendLinks'],
    }),
  }),
});

export const { useGetSiteConfigQuery, useGetSidebarLinksQuery, useGetFriendLinksQuery } = siteApi;
