import type { InviteSummary, ReferralList } from '@contracts/referrals';
import { api, call, dataOf } from '../../../lib/api';
import type { ListAt } from '../../../lib/usePositionedPage';

export const REFERRALS_PER_PAGE = 10;

/** The user's invite link with how it has done, and the people who registered through it. */
export const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvite: build.query<InviteSummary, void>(
      call('GET api/user/get_invite.php', undefined, dataOf),
    ),
    getReferrals: build.query<ReferralList, ListAt>(
      call(
        'GET api/user/get_referrals.php',
        (at: ListAt) => ({ params: { ...at, per_page: REFERRALS_PER_PAGE } }),
        dataOf,
      ),
    ),
  }),
});

export const { useGetInviteQuery, useGetReferralsQuery } = inviteApi;
