import type { Envelope } from '@contracts/envelope';
import type { RevokeSessionBody, SessionInfo, UserPasswordChangeBody } from '@contracts/sessions';
import { api, call } from '../../../lib/api';

const securityApi = api.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SessionInfo[], void>({
      ...call('GET api/user/get_sessions.php', undefined, ({ data }) => data.sessions),
      providesTags: ['Sessions'],
    }),
    revokeSession: build.mutation<Envelope, RevokeSessionBody>({
      ...call('POST api/user/revoke_session.php', (body: RevokeSessionBody) => ({ body })),
      invalidatesTags: ['Sessions'],
    }),
    revokeOtherSessions: build.mutation<number, void>({
      ...call('POST api/user/revoke_other_sessions.php', undefined, ({ data }) => data.revoked),
      invalidatesTags: ['Sessions'],
    }),
    changePassword: build.mutation<Envelope, UserPasswordChangeBody>({
      ...call('POST api/user/change_password.php', (body: UserPasswordChangeBody) => ({ body })),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
  useChangePasswordMutation,
} = securityApi;
