import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { Repository } from 'typeorm';
import { AppError, conflict } from '../../common/app-error';
import { seal, unseal } from '../../common/sealed';
import { isEmailAddress, normalizeEmail } from '../../contracts/account-email';
import type { ErrorCode } from '../../contracts/errors';
import {
  OIDC_CALLBACK_PATH,
  OIDC_FLOW_MINUTES,
  OIDC_HASH,
  OIDC_LINK_MINUTES,
  type OidcIdentityList,
} from '../../contracts/oidc';
import { inviteCodeOf } from '../../contracts/referrals';
import { USER_STATUS, type LoginResult } from '../../contracts/users';
import { User, UserIdentity } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AccountMail, AccountTokens } from '../account-mail';
import { SessionService } from '../sessions';
import { UsersService } from '../users';
import { accountDisabled, AuthService } from './auth.service';
import { githubApi, OidcProviders, providerUnavailable } from './oidc-providers.service';
import { SignIn } from './sign-in';

const FLOW_COOKIE = 'oidc_flow';
const FLOW_SEAL = 'oidc-flow';
const LINK_SEAL = 'oidc-link';
const FLOW_MS = OIDC_FLOW_MINUTES * 60 * 1000;
const LINK_MS = OIDC_LINK_MINUTES * 60 * 1000;
/** Where a sign-in lands when the page it started on did not say. */
const DEFAULT_RETURN = '/user/dashboard';
const SCOPES = {
  oidc: 'openid email profile',
  // The profile, and the addresses with whether GitHub verified them.
  github: 'read:user user:email',
} as const;

/** One sign-in in flight, sealed into an httpOnly cookie the callback reads (and clears). */
interface Flow {
  provider: number;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  returnTo: string;
  /** Set when a signed-in user connects a provider from the user centre. */
  connectUser?: number;
  /** The invite code of the registration page the sign-in started on (a new account's referral). */
  invite?: string;
  expires: number;
}

/** A verified provider account waiting for the password of the account holding its address. */
interface LinkTicket {
  user: number;
  provider: number;
  subject: string;
  email: string;
  nonce: string;
  expires: number;
}

/** What the provider said about the person, once its answer verified. */
interface Profile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  names: string[];
}

/**
 * Sign-in with OpenID Connect (openid-client): authorization code with PKCE, `state` and
 * `nonce`. A provider account already linked signs its user in; a new one makes an account, or,
 * when an account holds the address the provider verified, is linked to it once its password is
 * given. A user with two-factor on still takes the second step.
 */
@Injectable()
export class OidcSignIn {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    private readonly providers: OidcProviders,
    @InjectRepository(UserIdentity) private readonly identities: Repository<UserIdentity>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ENV) private readonly env: Env,
    private readonly accounts: UsersService,
    private readonly auth: AuthService,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly sessions: SessionService,
    private readonly signIn: SignIn,
  ) {}

  /** The provider's authorization address, with the flow's cookie set on the reply. */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: number,
    returnTo: unknown,
    { connectUser, invite }: { connectUser?: number; invite?: unknown } = {},
  ): Promise<string> {
    const provider = await this.providers.enabled(providerId);
    const redirectUri = await this.providers.callbackUrl(request);
    const inviteCode = inviteCodeOf(invite);
    const configuration = await this.providers.configuration(provider);
    const flow: Flow = {
      provider: provider.id,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      redirectUri,
      returnTo: localPath(returnTo),
      ...(connectUser !== undefined && { connectUser }),
      ...(inviteCode !== null && { invite: inviteCode }),
      expires: Date.now() + FLOW_MS,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPES[provider.kind],
      state: flow.state,
      ...(provider.kind === 'oidc' && { nonce: flow.nonce }),
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    void reply.setCookie(FLOW_COOKIE, seal(JSON.stringify(flow), this.env.APP_SECRET, FLOW_SEAL), {
      path: OIDC_CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.sessions.secureCookies(request),
      maxAge: FLOW_MS / 1000,
    });
    return url.href;
  }

  /** Where the login page's "Continue with …" goes when starting fails. */
  failedStart(error: unknown, returnTo: unknown): string {
    return loginPage(localPath(returnTo), { [OIDC_HASH.error]: codeOf(error) });
  }

  /**
   * The provider sent the browser back: where to send it next. Every refusal lands on the login
   * page (or the user centre, when connecting) with its code, having changed nothing.
   */
  async callback(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const flow = this.readFlow(request);
    void reply.clearCookie(FLOW_COOKIE, { path: OIDC_CALLBACK_PATH });
    if (!flow) return loginPage(DEFAULT_RETURN, { [OIDC_HASH.error]: 'oidc.sign_in_failed' });
    const refused = (code: ErrorCode) =>
      flow.connectUser === undefined
        ? loginPage(flow.returnTo, { [OIDC_HASH.error]: code })
        : `${flow.returnTo}#${new URLSearchParams({ [OIDC_HASH.error]: code }).toString()}`;
    try {
      const profile = await this.verify(request, flow);
      if (flow.connectUser !== undefined) {
        await this.connect(flow.connectUser, flow.provider, profile);
        return flow.returnTo;
      }
      return await this.finish(request, reply, flow, profile);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refused(error.code);
    }
  }

  /**
   * The password of the account holding the provider's address links the provider account to
   * it, then signs in (the second step first, when the account has two-factor on).
   */
  async link(
    request: FastifyRequest,
    reply: FastifyReply,
    ticketText: string,
    password: string,
  ): Promise<LoginResult> {
    const ticket = this.openTicket(ticketText);
    const user = await this.users.findOneBy({ id: ticket.user });
    if (!user) throw linkInvalid();
    if (user.status !== USER_STATUS.active) throw accountDisabled();
    await this.providers.enabled(ticket.provider);
    await this.auth.confirmCurrentPassword(user, password, request.ip);
    await retriedTransaction(this.identities.manager, async (manager) => {
      if (!(await this.tokens.spend(manager, user.id, 'oidc_link', ticket.nonce, LINK_MS))) {
        throw linkInvalid();
      }
      await insertIdentity(manager.getRepository(UserIdentity), {
        user_id: user.id,
        provider_id: ticket.provider,
        subject: ticket.subject,
        email: ticket.email,
      });
    });
    await this.signIn.requireSecondStep(user.id);
    return this.signIn.complete(request, reply, user);
  }

  /** The signed-in user's linked accounts, and the providers a new link may be made with. */
  async list(userId: number): Promise<OidcIdentityList> {
    const buttons = await this.providers.buttons();
    const names = new Map(buttons.map((button) => [button.id, button.name]));
    const rows = await this.identities.find({ where: { user_id: userId }, order: { id: 'ASC' } });
    return {
      identities: rows
        .filter((row) => names.has(row.provider_id))
        .map((row) => ({
          id: row.id,
          provider_id: row.provider_id,
          provider_name: names.get(row.provider_id)!,
          email: row.email,
          created_at: row.created_at.toISOString(),
          last_used_at: row.last_used_at?.toISOString() ?? null,
        })),
      providers: buttons,
    };
  }

  /** Connecting from the user centre asks for the password first, like every sign-in change. */
  async startConnect(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    providerId: number,
    password: string,
    returnTo: string,
  ): Promise<string> {
    await this.auth.confirmCurrentPassword(user, password, request.ip);
    return this.start(request, reply, providerId, returnTo, { connectUser: user.id });
  }

  async unlink(userId: number, id: number): Promise<void> {
    const removed = await this.identities.delete({ id, user_id: userId });
    if (removed.affected !== 1) {
      throw new AppError('oidc.identity_not_found', 'no such linked account', HttpStatus.NOT_FOUND);
    }
  }

  /**
   * The token exchange, then the ID token's checks (signature, issuer, audience, nonce, expiry),
   * or for GitHub (no ID token) its REST API's account and verified addresses.
   */
  private async verify(request: FastifyRequest, flow: Flow): Promise<Profile> {
    const query = request.query as Record<string, unknown>;
    if (query.error === 'access_denied') throw oidcError('oidc.cancelled');
    const provider = await this.providers.enabled(flow.provider);
    const configuration = await this.providers.configuration(provider);
    const current = new URL(flow.redirectUri);
    for (const [key, value] of Object.entries(query)) {
      if (typeof value === 'string') current.searchParams.append(key, value);
    }
    try {
      if (provider.kind === 'github') {
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
        });
        return await githubProfile(configuration, provider.issuer, tokens.access_token);
      }
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      return profileOf(tokens.claims()!);
    } catch (error) {
      this.logger.warn(`sign-in with ${provider.issuer} refused: ${String(error)}`);
      throw unreachable(error) ? providerUnavailable() : oidcError('oidc.sign_in_failed');
    }
  }

  private async finish(
    request: FastifyRequest,
    reply: FastifyReply,
    flow: Flow,
    profile: Profile,
  ): Promise<string> {
    const linked = await this.identities.findOneBy({
      provider_id: flow.provider,
      subject: profile.subject,
    });
    if (linked) {
      const user = await this.users.findOneBy({ id: linked.user_id });
      if (!user) throw oidcError('oidc.sign_in_failed');
      await this.identities.update({ id: linked.id }, { last_used_at: new Date() });
      return this.enter(request, reply, user, flow.returnTo);
    }
    const holder =
      profile.email === null ? null : await this.users.findOneBy({ email: profile.email });
    if (holder) {
      // Only an address the provider verified may point at an existing account.
      if (!profile.emailVerified) throw oidcError('oidc.email_unverified');
      return loginPage(flow.returnTo, {
        [OIDC_HASH.link]: this.sealTicket(
          holder.id,
          flow.provider,
          profile.subject,
          profile.email!,
        ),
        [OIDC_HASH.username]: holder.username,
        [OIDC_HASH.provider]: (await this.providers.enabled(flow.provider)).name,
      });
    }
    if (!profile.emailVerified && (await this.mail.emailRequired(request))) {
      throw oidcError('oidc.email_required');
    }
    let user: User;
    try {
      user = await this.accounts.registerExternal(
        request,
        { names: profile.names, email: profile.emailVerified ? profile.email : null },
        (manager, userId) =>
          insertIdentity(manager.getRepository(UserIdentity), {
            user_id: userId,
            provider_id: flow.provider,
            subject: profile.subject,
            email: profile.email,
          }),
        flow.invite,
      );
    } catch (error) {
      // The same provider account's first sign-in twice at once: the other one made the account.
      if (error instanceof AppError && error.code === 'oidc.identity_taken') {
        throw oidcError('oidc.sign_in_failed');
      }
      throw error;
    }
    return this.enter(request, reply, user, flow.returnTo);
  }

  /** Signs the user in, or hands over to the login page's second step. */
  private async enter(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    returnTo: string,
  ): Promise<string> {
    if (user.status !== USER_STATUS.active) throw accountDisabled();
    const due = await this.signIn.secondStepDue(user.id);
    if (due) {
      return loginPage(returnTo, {
        [OIDC_HASH.twoFactor]: due.challenge,
        [OIDC_HASH.passkeys]: due.passkeys ? '1' : '0',
      });
    }
    await this.signIn.complete(request, reply, user);
    return returnTo;
  }

  private async connect(userId: number, providerId: number, profile: Profile): Promise<void> {
    const existing = await this.identities.findOneBy({
      provider_id: providerId,
      subject: profile.subject,
    });
    if (existing?.user_id === userId) return;
    if (existing) throw oidcError('oidc.identity_taken');
    await insertIdentity(this.identities, {
      user_id: userId,
      provider_id: providerId,
      subject: profile.subject,
      email: profile.email,
    });
  }

  private readFlow(request: FastifyRequest): Flow | null {
    const sealed = request.cookies[FLOW_COOKIE];
    const text = sealed ? unseal(sealed, this.env.APP_SECRET, FLOW_SEAL) : null;
    if (!text) return null;
    const flow = JSON.parse(text) as Flow;
    return flow.expires > Date.now() ? flow : null;
  }

  private sealTicket(user: number, provider: number, subject: string, email: string): string {
    const ticket: LinkTicket = {
      user,
      provider,
      subject,
      email,
      nonce: randomBytes(16).toString('base64url'),
      expires: Date.now() + LINK_MS,
    };
    return seal(JSON.stringify(ticket), this.env.APP_SECRET, LINK_SEAL);
  }

  private openTicket(text: string): LinkTicket {
    const opened = unseal(text, this.env.APP_SECRET, LINK_SEAL);
    if (!opened) throw linkInvalid();
    const ticket = JSON.parse(opened) as LinkTicket;
    if (ticket.expires <= Date.now()) throw linkInvalid();
    return ticket;
  }
}

/** What an ID token says about the person. */
function profileOf(claims: oidc.IDToken): Profile {
  const names = ['preferred_username', 'nickname', 'name', 'given_name']
    .map((claim) => claims[claim])
    .filter((value): value is string => typeof value === 'string');
  return withEmail(
    claims.sub,
    names,
    typeof claims.email === 'string' ? claims.email : null,
    claims.email_verified === true,
  );
}

/**
 * What GitHub says about the person: the account (its id never changes; its login may) and the
 * primary address if GitHub verified it, else another verified one, else the profile's public one
 * (unverified).
 */
async function githubProfile(
  configuration: oidc.Configuration,
  address: string,
  accessToken: string,
): Promise<Profile> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await oidc.fetchProtectedResource(
      configuration,
      accessToken,
      new URL(`${githubApi(address)}${path}`),
      'GET',
      undefined,
      new Headers({ accept: 'application/vnd.github+json' }),
    );
    if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const user = await get<{ id: number; login: string; name: string | null; email: string | null }>(
    '/user',
  );
  const emails =
    await get<{ email: string; primary: boolean; verified: boolean }[]>('/user/emails');
  const verified = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  return withEmail(
    String(user.id),
    [user.login, user.name].filter((name): name is string => typeof name === 'string'),
    verified?.email ?? user.email,
    verified !== undefined,
  );
}

function withEmail(
  subject: string,
  names: string[],
  address: string | null,
  verified: boolean,
): Profile {
  const email = address === null ? null : normalizeEmail(address);
  const usable = email !== null && isEmailAddress(email) ? email : null;
  return {
    subject,
    email: usable,
    emailVerified: usable !== null && verified,
    names: usable ? [...names, usable.split('@')[0]] : names,
  };
}

/** Writes a link; 409 `oidc.identity_taken` (or `already_connected`) when the unique keys say so. */
async function insertIdentity(
  repo: Repository<UserIdentity>,
  values: Pick<UserIdentity, 'user_id' | 'provider_id' | 'subject' | 'email'>,
): Promise<void> {
  try {
    await repo.insert({ ...values, last_used_at: new Date() });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const sameSubject = await repo.existsBy({
      provider_id: values.provider_id,
      subject: values.subject,
    });
    throw sameSubject
      ? conflict('oidc.identity_taken', 'this account of the provider is linked to another user')
      : conflict(
          'oidc.already_connected',
          'you have linked another account of this provider; remove it first',
        );
  }
}

/** A path on this site to return to ("/user/…"), never another site ("//evil", "/\\evil"). */
function localPath(value: unknown): string {
  return typeof value === 'string' &&
    value.length <= 500 &&
    /^\/(?![/\\])/.test(value) &&
    !/[\p{Cc}\\]/u.test(value)
    ? value
    : DEFAULT_RETURN;
}

/** The login page, keeping where to go after it, with what to show in the fragment. */
function loginPage(returnTo: string, hash: Record<string, string>): string {
  const query = returnTo === DEFAULT_RETURN ? '' : `?redirect=${encodeURIComponent(returnTo)}`;
  return `/login${query}#${new URLSearchParams(hash).toString()}`;
}

/** Fetch's own failures (refused, reset, timed out): the provider, not its answer. */
function unreachable(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TypeError' || error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

const codeOf = (error: unknown): ErrorCode =>
  error instanceof AppError ? error.code : 'oidc.provider_unavailable';

const OIDC_MESSAGES: Partial<Record<ErrorCode, string>> = {
  'oidc.cancelled': 'the sign-in was cancelled on the provider’s page',
  'oidc.sign_in_failed': 'the sign-in with the provider failed; please try again',
  'oidc.email_unverified':
    'an account uses this e-mail address, which the provider has not verified; sign in with your password and connect the provider from the user centre',
  'oidc.identity_taken': 'this account of the provider is linked to another user',
  'oidc.email_required':
    'this site needs a confirmed e-mail address, and the provider has given none it verified',
};

const oidcError = (code: ErrorCode) =>
  new AppError(code, OIDC_MESSAGES[code] ?? code, HttpStatus.BAD_REQUEST);

const linkInvalid = () =>
  new AppError(
    'oidc.link_invalid',
    'this link has expired; please sign in with the provider again',
    HttpStatus.BAD_REQUEST,
  );
