import type { ChangeEmailBody, EmailView, SignInNoticeBody } from '@contracts/account-email';
import type { Envelope } from '@contracts/envelope';
import type {
  ConfirmTwoFactorBody,
  DisableTwoFactorBody,
  RecoveryCodes,
  StartTotpBody,
  TotpCodeBody,
  TotpSetup,
  TwoFactorStatus,
} from '@contracts/two-factor';
import type {
  AddPasskeyBody,
  PasskeyIdBody,
  PasskeyList,
  PasskeyRegisterOptionsBody,
  PasskeyView,
  WebAuthnJson,
} from '@contracts/passkeys';
import type {
  OidcConnectBody,
  OidcConnectResult,
  OidcIdentityIdBody,
  OidcIdentityList,
} from '@contracts/oidc';
import type { RevokeSessionBody, SessionInfo, UserPasswordChangeBody } from '@contracts/sessions';
import { api, call, dataOf } from '../../../lib/api';

const securityApi = api
  .enhanceEndpoints({ addTagTypes: ['Sessions', 'Email', 'TwoFactor', 'Passkeys', 'Identities'] })
  .injectEndpoints({
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
      getEmail: build.query<EmailView, void>({
        ...call('GET api/user/get_email.php', undefined, dataOf),
        providesTags: ['Email'],
      }),
      changeEmail: build.mutation<EmailView, ChangeEmailBody>({
        ...call('POST api/user/change_email.php', (body: ChangeEmailBody) => ({ body }), dataOf),
        invalidatesTags: ['Email'],
      }),
      setSignInNotice: build.mutation<EmailView, SignInNoticeBody>({
        ...call(
          'POST api/user/set_sign_in_notice.php',
          (body: SignInNoticeBody) => ({ body }),
          dataOf,
        ),
        invalidatesTags: ['Email'],
      }),
      getTwoFactor: build.query<TwoFactorStatus, void>({
        ...call('GET api/user/get_two_factor.php', undefined, dataOf),
        providesTags: ['TwoFactor'],
      }),
      startTotp: build.mutation<TotpSetup, StartTotpBody>({
        ...call('POST api/user/start_totp.php', (body: StartTotpBody) => ({ body }), dataOf),
      }),
      enableTotp: build.mutation<RecoveryCodes, TotpCodeBody>({
        ...call('POST api/user/enable_totp.php', (body: TotpCodeBody) => ({ body }), dataOf),
        invalidatesTags: ['TwoFactor'],
      }),
      disableTotp: build.mutation<Envelope, DisableTwoFactorBody>({
        ...call('POST api/user/disable_totp.php', (body: DisableTwoFactorBody) => ({ body })),
        invalidatesTags: ['TwoFactor'],
      }),
      confirmTwoFactor: build.mutation<Envelope, ConfirmTwoFactorBody>({
        ...call('POST api/user/confirm_two_factor.php', (body: ConfirmTwoFactorBody) => ({ body })),
      }),
      stepUpOptions: build.mutation<WebAuthnJson, void>({
        ...call('POST api/user/step_up_options.php', () => ({ body: {} }), dataOf),
      }),
      getPasskeys: build.query<PasskeyList, void>({
        ...call('GET api/user/get_passkeys.php', undefined, dataOf),
        providesTags: ['Passkeys'],
      }),
      passkeyRegisterOptions: build.mutation<WebAuthnJson, PasskeyRegisterOptionsBody>({
        ...call(
          'POST api/user/passkey_register_options.php',
          (body: PasskeyRegisterOptionsBody) => ({ body }),
          dataOf,
        ),
      }),
      addPasskey: build.mutation<PasskeyView, AddPasskeyBody>({
        ...call('POST api/user/add_passkey.php', (body: AddPasskeyBody) => ({ body }), dataOf),
        invalidatesTags: ['Passkeys'],
      }),
      deletePasskey: build.mutation<Envelope, PasskeyIdBody>({
        ...call('POST api/user/delete_passkey.php', (body: PasskeyIdBody) => ({ body })),
        invalidatesTags: ['Passkeys'],
      }),
      getIdentities: build.query<OidcIdentityList, void>({
        ...call('GET api/user/get_identities.php', undefined, dataOf),
        providesTags: ['Identities'],
      }),
      oidcConnect: build.mutation<OidcConnectResult, OidcConnectBody>({
        ...call('POST api/user/oidc_connect.php', (body: OidcConnectBody) => ({ body }), dataOf),
      }),
      deleteIdentity: build.mutation<Envelope, OidcIdentityIdBody>({
        ...call('POST api/user/delete_identity.php', (body: OidcIdentityIdBody) => ({ body })),
        invalidatesTags: ['Identities'],
      }),
    }),
  });

export const {
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
  useChangePasswordMutation,
  useGetEmailQuery,
  useChangeEmailMutation,
  useSetSignInNoticeMutation,
  useGetTwoFactorQuery,
  useStartTotpMutation,
  useEnableTotpMutation,
  useDisableTotpMutation,
  useConfirmTwoFactorMutation,
  useStepUpOptionsMutation,
  useGetPasskeysQuery,
  usePasskeyRegisterOptionsMutation,
  useAddPasskeyMutation,
  useDeletePasskeyMutation,
  useGetIdentitiesQuery,
  useOidcConnectMutation,
  useDeleteIdentityMutation,
} = securityApi;
