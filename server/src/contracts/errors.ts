/**
 * Every error code an envelope can carry: `{ success: false, message, code }`.
 *
 * Codes are `<area>.<snake_case>` and never change once shipped; `message` keeps SPEC.md's English
 * text for API clients, and the UIs translate the code (never the message). The table is the one
 * documented list (docs/architecture.md points here).
 */
export const ERROR_CODES = {
  // Any endpoint: the request itself is malformed or refused before any feature sees it.
  'request.invalid': 'the request is malformed (a generic 400)',
  'request.validation': 'a field failed validation; `field` names it',
  'request.invalid_json': 'the body is not valid JSON',
  'request.body_too_large': 'the body is over 1 MB (16 KB for the Afdian webhook)',
  'request.body_too_complex': 'the JSON body has too many keys or is nested too deeply',
  'request.unsupported_media_type': 'the body is not JSON where JSON is required',
  'request.invalid_path': 'the path has an ambiguous or malformed encoding',
  'request.headers_too_large': 'the request headers are too large',
  'request.timeout':
    "the request (headers, or headers and body) did not arrive within the server's time limit",
  'request.not_found': 'no such endpoint',
  'request.method_not_allowed': 'the endpoint does not take this method',
  'request.rate_limited': 'too many requests; `Retry-After` says when to try again',
  'request.forbidden': 'the caller may not do this',
  'server.internal': 'an unexpected failure; details are in the server log only',
  'server.unavailable': 'a dependency is not configured or not reachable',
  'server.busy':
    'a write lost to concurrent writers every time it was tried; nothing changed, retry',
  'server.outcome_unknown':
    'the database stopped answering while a money change was saved: it may have been made; look before making it again',

  'auth.unauthenticated': 'no valid user session (user endpoints)',
  'auth.admin_unauthenticated': 'no valid admin session (admin endpoints)',
  'auth.csrf_invalid': 'missing or stale X-XSRF-TOKEN; the answer carries a fresh cookie',
  'auth.credentials_missing': 'username or password missing',
  'auth.login_failed': 'wrong username or password',
  'auth.login_throttled': 'too many failed logins; `Retry-After` says when to try again',
  'auth.account_disabled': 'the account is disabled',
  'auth.email_unconfirmed':
    'the account waits for its e-mail address to be confirmed; login.php mailed the link again',
  'auth.metrics_token': 'the metrics endpoint needs its bearer token',
  'auth.current_password_wrong': 'change password: the current password is wrong',
  'auth.session_not_found': 'no such session among the caller’s own sessions',
  'auth.two_factor_required':
    'login: the password is right and a second factor is due; finish with login_2fa.php and `challenge`',
  'auth.two_factor_failed': 'the authenticator or recovery code is wrong, used or expired',
  'auth.two_factor_challenge_invalid':
    'the two-factor sign-in step is unknown, finished or older than 5 minutes; log in again',
  'auth.two_factor_not_enabled': 'two-factor authentication is not on for this account',
  'auth.two_factor_enabled': 'two-factor authentication is already on; turn it off first',
  'auth.two_factor_not_started': 'there is no authenticator set-up to confirm; start again',
  'auth.admin_two_factor_setup':
    'the site requires two-factor of administrators and this one has none: only the two-factor set-up answers until it is on',
  'auth.step_up_required':
    'creating an API key on an account with two-factor wants the second factor again (confirm_two_factor.php)',
  'auth.passkey_failed':
    'the passkey answer is not one this site asked for, is for another account, was used already or does not verify',
  'auth.reset_token_invalid':
    'the password-reset link is malformed, unknown, already used or expired',

  'passkeys.invalid': 'the new passkey could not be verified, or its options expired; start again',
  'passkeys.exists': 'this passkey is registered already',
  'passkeys.too_many': 'the account holds the most passkeys allowed; remove one first',
  'passkeys.not_found': 'no such passkey among the caller’s own',
  'passkeys.origin_unknown':
    'the site cannot tell its own address for passkeys: set 网站地址 or PUBLIC_URL, or send Origin',

  'oidc.provider_not_found': 'no enabled sign-in provider has that id',
  'oidc.provider_unavailable':
    'the sign-in provider did not answer (discovery or token endpoint unreachable, slow or invalid)',
  'oidc.sign_in_failed':
    'the provider’s answer was refused: no or expired flow cookie, wrong state, PKCE, nonce or signature',
  'oidc.cancelled': 'the user declined on the provider’s page',
  'oidc.email_unverified':
    'an account uses the provider’s e-mail address, which the provider has not verified: no link is offered',
  'oidc.identity_taken': 'the provider account is linked to another user',
  'oidc.already_connected': 'the user has linked another account of this provider; remove it first',
  'oidc.link_invalid': 'the link ticket is malformed, expired or used',
  'oidc.identity_not_found': 'no such linked account among the caller’s own',
  'oidc.origin_unknown':
    'the site cannot tell its own address for the callback: set 网站地址 or PUBLIC_URL',
  'oidc.issuer_invalid':
    'admin: the issuer is not an http(s) URL, or its discovery document failed',
  'oidc.secret_required': 'admin: a new provider needs its client secret',

  'users.fields_empty': 'registration: a field is empty',
  'users.password_mismatch': 'registration: the two passwords differ',
  'users.password_too_short': 'registration: password under 6 characters',
  'users.password_too_long': 'registration: password over 128 characters',
  'users.username_invalid': 'registration: username has characters other than letters, digits, _',
  'users.username_length': 'registration: username not 3 to 32 characters',
  'users.username_taken': 'registration: the username exists',
  'users.registration_throttled': 'too many registrations from this address',
  'users.not_found': 'no such user',
  'users.email_required': 'registration: e-mail verification is on and no address was given',
  'oidc.email_required':
    'e-mail verification is on and the provider vouched for no address: no account is made',
  'users.email_invalid': 'the e-mail address is not one the site accepts (at most 191 characters)',
  'users.email_taken': 'another account has this e-mail address',
  'users.email_unchanged': 'the e-mail address is already the account’s',
  'users.email_token_invalid':
    'the e-mail confirmation link is malformed, unknown, already used or expired',

  'mail.not_configured':
    'the site cannot send e-mail (no SMTP_URL) or has no address for links (网站地址 or PUBLIC_URL)',

  'apis.ref_missing': 'API detail without id or English name',
  'apis.not_found': 'no such API (or it is disabled)',
  'apis.name_taken': 'another API has this English name',
  'apis.invalid_list_field': 'request_params, response_params or status_codes is malformed',
  'apis.list_too_long':
    'request_params, response_params or status_codes is longer than its column holds (60,000 bytes as JSON)',
  'apis.invalid_price': 'a paid API needs a valid price',
  'admin.probe_not_found': 'the API has no probe to run or remove',
  'apis.invalid_sort':
    'the public list was asked for a sort other than popular, newest, price, fastest, reliable',
  'apis.not_servable':
    'an API was to be enabled with neither a built-in handler nor an upstream URL',
  'apis.unknown_category': 'the public list was asked for a category slug that does not exist',
  'apis.format_without_body':
    'a GET or DELETE API was given a form or multipart request format (it takes no body)',
  'apis.file_without_multipart':
    'a file parameter was given to an API whose request format is not multipart/form-data',

  'categories.not_found': 'no such category',
  'categories.slug_taken': 'another category has this slug',

  'admin.record_not_found': 'the partner, ad, link or config row does not exist',
  'admin.two_factor_self_first':
    'requiring two-factor of administrators: turn it on for your own account first',
  'admin.two_factor_required':
    'the site requires two-factor of administrators: it cannot be turned off until the requirement is lifted',
  'admin.mail_not_configured':
    'admin: e-mail verification needs mail set up (SMTP_URL) and an address for links (网站地址 or PUBLIC_URL)',
  'admin.adjust_zero': 'a balance adjustment of zero',
  'admin.balance_below_zero': 'the adjustment would take the balance below zero',
  'admin.balance_ceiling':
    'the adjustment would take the balance past 10^12 yuan, the most it holds',

  'gateway.api_not_found': 'no API with this English name',
  'gateway.api_disabled': 'the API is disabled',
  'gateway.key_required': 'a paid API was called without a key',
  'gateway.key_invalid': 'the key is malformed, unknown or rotated',
  'gateway.insufficient_balance': 'the balance does not cover the price',
  'gateway.plan_exhausted':
    'the plan’s included calls of this period, or its calls of the hour, day or week, are used and it stops there; `X-Quota-Window` says which, `X-Quota-Reset` and `Retry-After` when it starts again',
  'gateway.rate_limited': 'the per-key or per-IP limit is reached; see `Retry-After`',
  'gateway.invalid_param': 'the built-in API refused an input (refunded)',
  'gateway.invalid_json': 'the call body is not valid JSON (refunded)',
  'gateway.invalid_form': 'the call body is not a valid multipart form (refunded)',
  'gateway.invalid_path':
    'the sub-path leaves the API base (refunded), or a path parameter is not one segment (refused before any charge)',
  'gateway.path_parameter_missing':
    'a path parameter of the API has no value: give it as the sub-path or a query parameter (`field` names it; nothing charged)',
  'gateway.upstream_failed': 'the upstream failed or is unreachable (refunded)',
  'gateway.upstream_timeout': 'the upstream did not answer in time (refunded)',
  'gateway.balance_ceiling':
    'the failed call could not be refunded: the balance would pass 10^12 yuan (the call stays charged)',
  'gateway.busy': 'every attempt to charge lost to concurrent writers; nothing was charged, retry',
  'gateway.not_implemented': 'the API has neither a built-in nor an upstream',
  'gateway.maintenance':
    'the API is in maintenance: it was down and its probe failing; calls resume once the probe passes (nothing charged)',
  'gateway.key_revoked': 'the named key was revoked by its owner',
  'gateway.key_expired': "the key's expiry time has passed",
  'gateway.api_not_allowed': "the API is not in the key's allowed APIs",
  'gateway.ip_not_allowed': "the caller's address is not in the key's allowed IPs",
  'gateway.daily_cap_reached': "the call would pass the key's daily spending cap (UTC day)",
  'gateway.monthly_cap_reached': "the call would pass the key's monthly spending cap (UTC month)",
  'gateway.method_not_allowed':
    'the API does not take this method (`Allow` lists those it takes); nothing was charged',
  'gateway.idempotency_key_invalid':
    'Idempotency-Key is empty, repeated, over 255 characters or not printable ASCII',
  'gateway.idempotency_mismatch':
    'the Idempotency-Key was used within 24 h with a different request (method, path, query, body)',
  'gateway.idempotency_in_progress':
    'the first call with this Idempotency-Key is still running; see `Retry-After`',
  'gateway.idempotency_not_replayable':
    'the first call with this Idempotency-Key answered over 1 MB or was cut off: it is not replayed, nor made again',

  'keys.not_found': 'no such key among the caller’s keys',
  'keys.too_many': 'the caller already holds 20 named keys that are not revoked',
  'keys.default_key': 'the default key is rotated by change_api_key.php, not edited or revoked',
  'keys.revoked': 'a revoked key cannot be changed',
  'keys.name_taken':
    'another live key of the caller has this name (ignoring case); `field` is name',
  'keys.expiry_past': 'expires_at is not in the future',
  'keys.ip_invalid': 'an allowed_ips entry is not an IPv4/IPv6 address or CIDR',
  'keys.api_unknown': 'an allowed_apis entry is not an existing API',
  'keys.rate_limit_too_high':
    "rate_limit is above the site's per-key limit (RATE_LIMIT_PER_KEY); a key may only lower it",

  'alerts.webhook_url_invalid':
    'webhook_url is not an https:// URL or carries a user name or password',
  'alerts.webhook_url_private': 'webhook_url points at a private, loopback or reserved address',

  'openapi.too_large': 'the OpenAPI document to import is over 16 MB',
  'openapi.invalid_document':
    'the document is not JSON/YAML, not OpenAPI 3.0/3.1 or Swagger 2.0, fails validation or has no usable server URL',
  'openapi.remote_ref': 'the document has a $ref to another file or URL (only #/... references)',
  'openapi.refs_too_large':
    "the document's $ref pointers expand past the import's limit (nodes or nesting)",
  'openapi.duplicate_name': 'two operations of the document map to the same English name',
  'openapi.url_invalid':
    'the document URL is not an https:// URL (without a user name or password) of at most 2,000 characters',
  'openapi.url_private':
    'the document URL points at (or redirects to) a private, loopback or reserved address',
  'openapi.url_unreachable':
    'the document URL did not answer with a document (network error, time-out, an HTTP error or too many redirects)',

  'mcp.invalid_message':
    'the /mcp body is not a JSON-RPC message the MCP server takes (the answer is a JSON-RPC error too)',
  'mcp.not_acceptable': 'an MCP request must accept both application/json and text/event-stream',

  'recharge.not_configured': 'Afdian credentials are not set',
  'recharge.order_not_found': 'Afdian does not know the order',
  'recharge.order_not_paid': 'the order is not paid yet',
  'recharge.order_no_amount': 'the order has no amount',
  'recharge.order_of_another_user': 'the order was placed for another account',
  'recharge.order_used':
    'the order was credited before; to the caller’s own balance, the envelope says so (`credited_to_you`, `amount`, `credited_at`)',
  'recharge.balance_ceiling':
    'the credit would take the balance past 10^12 yuan, the most it holds; the order stays unused',
  'recharge.afdian_failed': 'Afdian answered with an error',
  'recharge.afdian_rejected': 'Afdian refused the query (its own error code)',
  'recharge.afdian_unreachable': 'Afdian could not be reached',
  'recharge.afdian_timeout': 'Afdian did not answer in time',
  'recharge.webhook_not_configured':
    'no longer sent: without a public key a webhook push is still checked with query-order',
  'recharge.webhook_invalid':
    'the webhook payload is not an Afdian order (fields in Afdian formats) with its signature',
  'recharge.webhook_bad_signature': 'the webhook signature does not verify',
  'recharge.order_not_pending':
    'the order is not one waiting to be re-checked, assigned or dismissed (unknown, credited or rejected)',
  'recharge.afdian_hosts_down': 'no Afdian host in AFDIAN_BASE_URL could be reached',
  'recharge.sandbox_off': 'the sandbox does not run here (live Afdian, or production)',
  'recharge.bad_period':
    'the reconciliation period is not two YYYY-MM-DD dates, at most a year apart',

  'credit.amount': 'a credit grant’s amount is 0 or more than 100,000 yuan',
  'credit.expired': 'a credit grant’s expiry is not in the future (on the database’s clock)',
  'credit.ceiling': 'the grant would take the user’s credit past the most an account may hold',
  'redeem.invalid_code': 'no code like this exists (or it is not 20 letters and digits)',
  'redeem.code_disabled': 'the code’s batch was withdrawn by an administrator',
  'redeem.code_expired': 'the code’s batch has expired',
  'redeem.code_used': 'the code has been redeemed as many times as it may be',
  'redeem.already_redeemed': 'the caller redeemed this code before',
  'redeem.user_limit': 'the caller has redeemed as many codes of this batch as one user may',
  'redeem.balance_ceiling':
    'the code would take the balance past 10^12 yuan, the most it holds; the code stays unused',
  'redeem.plan_running':
    'a plan code was redeemed while the caller has a plan running: the code stays unused until it ends',
  'redeem.plan': 'a plan code batch names no plan, or a plan that does not exist',
  'redeem.batch_not_found': 'no such code batch',
  'redeem.batch_disabled': 'the code batch is withdrawn already',
  'plan.not_found': 'no such plan, or it is not on offer',
  'plan.already_subscribed':
    'the caller has a running subscription: the same plan is renewed again, another one waits until it ends',
  'plan.insufficient_balance': 'the balance does not cover the plan’s price; nothing was charged',
  'plan.not_subscribed': 'the caller has no running subscription to cancel',
  'plan.default_paid': 'only a free plan may be given to new users',
  'plan.scope': 'the plan’s category or APIs do not exist, or its scope lacks them',
  'plan.overage_price': 'an overage price was given to a plan that stops past its calls',
  'plan.limits': 'a window’s limit is more than the limit of a longer window (hour ≤ day ≤ week)',

  'statements.future_month': 'the month asked for has not started yet on the site’s clock',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The envelope of every failed JSON answer, gateway included. */
export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  /** The offending field, on `request.validation`. */
  field?: string;
  /** On `auth.two_factor_required`: what login_2fa.php finishes the sign-in with. */
  challenge?: string;
  /** On `auth.two_factor_required` and `auth.step_up_required`: a passkey may answer too. */
  passkeys?: boolean;
  /** On `recharge.order_used` of an order credited to the caller: true, with what and when. */
  credited_to_you?: true;
  /** With `credited_to_you`: the amount that order credited, as balances are written. */
  amount?: string;
  /** With `credited_to_you`: when it was credited (ISO 8601). */
  credited_at?: string;
  /** On `plan.insufficient_balance`: the caller's balance, as balances are written. */
  balance?: string;
}

/** Whether a parsed body is an error envelope with a known code. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in ERROR_CODES ? (code as ErrorCode) : undefined;
}
