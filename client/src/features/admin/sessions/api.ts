import type { DataEnvelope, Envelope } from '@contracts/envelope';
import type {
  RevokedSessions,
  RevokeSessionBody,
  SessionInfo,
  SessionList,
} from '@contracts/sessions';
import { api } from '../../../lib/api';

const adminSessionsApi = api.enhanceEndpoints({ addTagTypes: ['AdminSessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminSessions: build.query<SessionInfo[], void>({
      query: () => 'api/admin/get_admin_sessions.php',
      transformResponse: (response: DataEnvelope<SessionList>) => response.data.sessions,
      providesTags: ['AdminSessions'],
    }),
    revokeAdminSession: build.mutation<Envelope, RevokeSessionBody>({
      query: (body) => ({ url: 'api/admin/revoke_admin_session.php', method: 'POST', body }),
      invalidatesTags: ['AdminSessions'],
    }),
    revokeOtherAdminSessions: build.mutation<number, void>({
      query: () => ({ url: 'api/admin/revoke_other_admin_sessions.php', method: 'POST' }),
      transformResponse: (response: DataEnvelope<RevokedSessions>) => response.data.revoked,
      invalidatesTags: ['AdminSessions'],
    }),
  }),
});

export const {
  useGetAdminSessionsQuery,
  useRevokeAdminSessionMutation,
  useRevokeOtherAdminSessionsMutation,
} = adminSessionsApi;
