import type { DataEnvelope, Envelope } from '@contracts/envelope';
import type {
  RevokedSessions,
  RevokeSessionBody,
  SessionInfo,
  SessionList,
  UserPasswordChangeBody,
} from '@contracts/sessions';
import { api } from '../../../lib/api';

const securityApi = api.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SessionInfo[], void>({
      query: () => 'api/user/get_sessions.php',
      transformResponse: (response: DataEnvelope<SessionList>) => response.data.sessions,
      providesTags: ['Sessions'],
    }),
    revokeSession: build.mutation<Envelope, RevokeSessionBody>({
      query: (body) => ({ url: 'api/user/revoke_session.php', method: 'POST', body }),
      invalidatesTags: ['Sessions'],
    }),
    revokeOtherSessions: build.mutation<number, void>({
      query: () => ({ url: 'api/user/revoke_other_sessions.php', method: 'POST' }),
      transformResponse: (response: DataEnvelope<RevokedSessions>) => response.data.revoked,
      invalidatesTags: ['Sessions'],
    }),
    changePassword: build.mutation<Envelope, UserPasswordChangeBody>({
      query: (body) => ({ url: 'api/user/change_password.php', method: 'POST', body }),
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
