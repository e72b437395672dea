/**
 * Sign-in with OpenID Connect: providers the admin sets up (by issuer, client id and secret),
 * and the provider accounts linked to users. The browser goes to oidc_login.php, the provider,
 * then oidc_callback.php, which sends it on to the page it came from or, when there is more to
 * do, to the login page with what to show in the address's fragment (OIDC_HASH).
 */

/**
 * `oidc`: any OpenID Connect provider, by discovery. `github`: GitHub's OAuth apps (OAuth 2.0, no
 * ID token), at github.com or a GitHub Enterprise Server's address.
 */
export const OIDC_KINDS = ['oidc', 'github'] as const;
export type OidcKind = (typeof OIDC_KINDS)[number];
/** GitHub's own address: its REST API is api.github.com; an Enterprise Server's is <address>/api/v3. */
export const GITHUB_URL = 'https://github.com';

export const OIDC_NAME_MAX = 40;
export const OIDC_ISSUER_MAX = 500;
export const OIDC_CLIENT_ID_MAX = 255;
export const OIDC_CLIENT_SECRET_MAX = 1000;
/** How long the provider's pages may take, from the button to the callback. */
export const OIDC_FLOW_MINUTES = 10;
/** How long "enter the password to link" stays open after the callback. */
export const OIDC_LINK_MINUTES = 10;

export const OIDC_LOGIN_PATH = '/api/oidc_login.php';
export const OIDC_CALLBACK_PATH = '/api/oidc_callback.php';

/**
 * The login page's fragment after the callback: an error code (from ERROR_CODES), a link ticket
 * with the account's name and the provider's, or a second step's challenge. A fragment never
 * reaches a server log or a Referer.
 */
export const OIDC_HASH = {
  error: 'oidc_error',
  link: 'oidc_link',
  username: 'username',
  provider: 'provider',
  twoFactor: 'two_factor',
  passkeys: 'passkeys',
} as const;

/** One button of the login page (oidc_providers.php). */
export interface OidcProviderButton {
  id: number;
  name: string;
}

/** One provider in admin/get_oidc_providers.php: the secret is never sent, only whether it is set. */
export interface OidcProviderAdminView {
  id: number;
  kind: OidcKind;
  name: string;
  issuer: string;
  client_id: string;
  client_secret_set: boolean;
  enabled: 0 | 1;
  linked_users: number;
  created_at: string;
  updated_at: string;
}

/** admin/get_oidc_providers.php's data: the callback address to register with each provider. */
export interface OidcProviderAdminList {
  providers: OidcProviderAdminView[];
  redirect_uri: string;
}

/**
 * POST admin/save_oidc_provider.php: no id adds; a blank secret keeps the stored one. For GitHub,
 * `issuer` is GitHub's address (GITHUB_URL, or an Enterprise Server's).
 */
export interface SaveOidcProviderBody {
  id?: number;
  /** `oidc` when left out. */
  kind?: OidcKind;
  name: string;
  issuer: string;
  client_id: string;
  client_secret?: string;
  enabled?: 0 | 1;
}

/** The fields of the sign-in provider form, each of which a refusal may name. */
export const OIDC_PROVIDER_FIELDS = [
  'kind',
  'name',
  'issuer',
  'client_id',
  'client_secret',
  'enabled',
] as const satisfies readonly (keyof SaveOidcProviderBody)[];

/** POST oidc_link.php: the ticket from the fragment and the existing account's password. */
export interface OidcLinkBody {
  ticket: string;
  current_password: string;
}

/** One linked provider account in user/get_identities.php. */
export interface OidcIdentityView {
  id: number;
  provider_id: number;
  provider_name: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** user/get_identities.php's data: the linked accounts and the providers one may connect. */
export interface OidcIdentityList {
  identities: OidcIdentityView[];
  providers: OidcProviderButton[];
}

/** POST user/oidc_connect.php: answered with the provider's address to go to. */
export interface OidcConnectBody {
  provider_id: number;
  current_password: string;
  /** The page to come back to; the user centre's dashboard when left out. */
  return_to?: string;
}

/**
 * The fields oidc_connect.php reads, each of which a refusal may name: only the password is a
 * control; the provider and the page to come back to are the card's own.
 */
export const OIDC_CONNECT_FIELDS = [
  'provider_id',
  'current_password',
  'return_to',
] as const satisfies readonly (keyof OidcConnectBody)[];

export interface OidcConnectResult {
  url: string;
}

/** POST user/delete_identity.php. */
export interface OidcIdentityIdBody {
  id: number;
}
