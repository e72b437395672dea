import type { Envelope } from '@contracts/envelope';
import type { RevokeSessionBody, SessionInfo } from '@contracts/sessions';
import { api, call } from '../../../lib/api';

const adminSessionsApi = api.enhanceEndpoints({ addTagTypes: ['AdminSessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminSessions: build.query<SessionInfo[], void>({
      ...call('GET api/admin/get_admin_sessions.php', undefined, ({ data }) => data.sessions),
      providesTags: ['AdminSessions'],
    }),
    revokeAdminSession: build.mutation<Envelope, RevokeSessionBody>({
      ...call('POST api/admin/revoke_admin_session.php', (body: RevokeSessionBody) => ({ body })),
      invalidatesTags: ['AdminSessions'],
    }),
    revokeOtherAdminSessions: build.mutation<number, void>({
      ...call(
        'POST api/admin/revoke_other_admin_sessions.php',
        undefined,
        ({ data }) => data.revoked,
      ),
      invalidatesTags: ['AdminSessions'],
    }),
  }),
});

export const {
  useGetAdminSessionsQuery,
  useRevokeAdminSessionMutation,
  useRevokeOtherAdminSessionsMutation,
} = adminSessionsApi;
