import type { FriendLink, SidebarLink } from '@contracts/content';
import type { PublicSite } from '@contracts/site';
import { api, call, dataOf } from '../../lib/api';

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteConfig: build.query<PublicSite, void>({
      ...call('GET api/get_config.php', undefined, dataOf),
      providesTags: ['Config'],
    }),
    getSidebarLinks: build.query<SidebarLink[], void>({
      ...call('GET api/get_sidebar_links_public.php', undefined, dataOf),
      providesTags: ['Links'],
    }),
    getFriendLinks: build.query<FriendLink[], void>({
      ...call('GET api/get_friend_links_public.php', undefined, dataOf),
      providesTags: ['FriendLinks'],
    }),
  }),
});

export const { useGetSiteConfigQuery, useGetSidebarLinksQuery, useGetFriendLinksQuery } = siteApi;
