import type {
  AccountTokenBody,
  ConfirmedEmail,
  ForgotPasswordBody,
  ResetLinkInfo,
  ResetPasswordBody,
} from '@contracts/account-email';
import type { Envelope } from '@contracts/envelope';
import type { OidcLinkBody, OidcProviderButton } from '@contracts/oidc';
import type { PasskeyLoginBody, PasskeyLoginOptionsBody, WebAuthnJson } from '@contracts/passkeys';
import type { TwoFactorLoginBody } from '@contracts/two-factor';
import type { Credentials, LoginResult, RegisterBody, RegisterResult } from '@contracts/users';
import { api, call, dataOf } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, Credentials>({
      query: (body) => ({ url: 'api/login.php', method: 'POST', body }),
    }),
    loginTwoFactor: build.mutation<LoginResult, TwoFactorLoginBody>({
      ...call('POST api/login_2fa.php', (body: TwoFactorLoginBody) => ({ body })),
    }),
    passkeyLoginOptions: build.mutation<WebAuthnJson, PasskeyLoginOptionsBody>({
      ...call(
        'POST api/passkey_login_options.php',
        (body: PasskeyLoginOptionsBody) => ({ body }),
        dataOf,
      ),
    }),
    passkeyLogin: build.mutation<LoginResult, PasskeyLoginBody>({
      ...call('POST api/passkey_login.php', (body: PasskeyLoginBody) => ({ body })),
    }),
    oidcProviders: build.query<OidcProviderButton[], void>({
      ...call('GET api/oidc_providers.php', undefined, dataOf),
    }),
    oidcLink: build.mutation<LoginResult, OidcLinkBody>({
      ...call('POST api/oidc_link.php', (body: OidcLinkBody) => ({ body })),
    }),
    register: build.mutation<RegisterResult, RegisterBody>({
      query: (body) => ({ url: 'api/register.php', method: 'POST', body }),
    }),
    logout: build.mutation<Envelope, void>({
      query: () => ({ url: 'api/user/logout.php', method: 'POST' }),
    }),
    forgotPassword: build.mutation<Envelope, ForgotPasswordBody>({
      ...call('POST api/user/forgot_password.php', (body: ForgotPasswordBody) => ({ body })),
    }),
    // A read, sent as POST so the token stays out of addresses and logs; never cached.
    checkResetToken: build.query<ResetLinkInfo, string>({
      ...call(
        'POST api/user/check_reset_token.php',
        (token: string) => ({ body: { token } }),
        dataOf,
      ),
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<Envelope, ResetPasswordBody>({
      ...call('POST api/user/reset_password.php', (body: ResetPasswordBody) => ({ body })),
    }),
    confirmEmail: build.mutation<ConfirmedEmail, AccountTokenBody>({
      ...call('POST api/user/confirm_email.php', (body: AccountTokenBody) => ({ body }), dataOf),
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginTwoFactorMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
  useOidcProvidersQuery,
  useOidcLinkMutation,
  useRegisterMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useCheckResetTokenQuery,
  useResetPasswordMutation,
  useConfirmEmailMutation,
} = authApi;
