import type { Envelope } from '@contracts/envelope';
import type { Credentials, LoginResult, RegisterResult } from '@contracts/users';
import { api } from '../../lib/api';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, Credentials>({
      query: (body) => ({ url: 'api/login.php', method: 'POST', body }),
    }),
    register: build.mutation<RegisterResult, Credentials>({
      query: (body) => ({ url: 'api/register.php', method: 'POST', body }),
    }),
    logout: build.mutation<Envelope, void>({
      query: () => ({ url: 'api/user/logout.php', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;
