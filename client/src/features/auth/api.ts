import { api, Envelope } from '../../lib/api';
import type { AuthUser } from './authSlice';

export interface Credentials {
  username: string;
  password: string;
}

export interface LoginResult extends Envelope {
  user_info: AuthUser & { id: number; username: string };
}

export interface RegisterResult extends Envelope {
  api_key: string;
}

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
