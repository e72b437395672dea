import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AppError, conflict, notFound } from '../../common/app-error';
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_MINUTES,
  type PasskeyList,
  type PasskeyView,
  type WebAuthnJson,
} from '../../contracts/passkeys';
import { Passkey, User } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { AccountMail, AccountTokens } from '../account-mail';
import { SiteConfigService } from '../config';
import { siteBase } from '../../common/site-base';
import { accountDisabled, AuthService } from './auth.service';
import { deviceName } from './device';
import { LoginThrottle } from './login-throttle';

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000;
const FALLBACK_SITE_NAME = 'Portico API';
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,255}$/;

/** What a challenge was handed out for; the signed challenge carries it. */
const PURPOSES = { register: 1, login: 2, second_factor: 3 } as const;
type ChallengePurpose = keyof typeof PURPOSES;
/** purpose (1) · user id (4) · expiry in Unix seconds (4) · nonce (16), then a 16-byte MAC. */
const BODY_BYTES = 25;
const MAC_BYTES = 16;

const failed = () =>
  new AppError(
    'auth.passkey_failed',
    'this passkey could not sign you in; try again or use your password',
    HttpStatus.UNAUTHORIZED,
  );

/** 400, not 401: the session stays, and a client signs nobody out on it. */
const notConfirmed = () =>
  new AppError(
    'auth.passkey_failed',
    'this passkey could not confirm it is you; try again or use a code',
    HttpStatus.BAD_REQUEST,
  );

const invalid = () =>
  new AppError(
    'passkeys.invalid',
    'the passkey could not be verified; please try again',
    HttpStatus.BAD_REQUEST,
  );

/** The origin and RP ID passkeys are bound to, and the name authenticators show. */
interface RelyingParty {
  origin: string;
  rpID: string;
  rpName: string;
}

/** A passkey answer that verified: its row, and the challenge it signed (used up next). */
interface VerifiedUse {
  row: Passkey;
  challenge: string;
  counter: number;
}

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server; ADR 026). A user adds one in the user
 * centre after giving the password again; it then signs the user in alone (the authenticator
 * verified the user: something held and a PIN or biometric) or stands in for the app's code at
 * the second step of a password sign-in.
 *
 * Challenges are not stored: each is signed under APP_SECRET with its purpose, its user and its
 * expiry, so asking for options writes nothing (the sign-in options are open to anyone). A
 * challenge is used up when an answer to it verifies: its hash goes into account_tokens, whose
 * unique index lets one answer through when the same one is sent twice at once.
 *
 * Passkeys are bound to the site's address: 网站地址, else PUBLIC_URL, else the origin the browser
 * names (the browser signs the origin it saw, so a page elsewhere gets nothing that works here).
 */
@Injectable()
export class PasskeysService {
  private readonly macKey: Buffer;

  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly config: SiteConfigService,
    @Inject(ENV) env: Env,
  ) {
    this.macKey = createHmac('sha256', env.APP_SECRET).update('portico passkey challenge').digest();
  }

  async has(userId: number): Promise<boolean> {
    return this.passkeys.existsBy({ user_id: userId });
  }

  async list(userId: number): Promise<PasskeyList> {
    const rows = await this.passkeys.find({ where: { user_id: userId }, order: { id: 'ASC' } });
    return { passkeys: rows.map(toView), max_passkeys: MAX_PASSKEYS };
  }

  /** Options to create a passkey, after the password again (a stolen session cannot add one). */
  async registrationOptions(
    request: FastifyRequest,
    user: User,
    password: string,
  ): Promise<WebAuthnJson> {
    await this.auth.confirmCurrentPassword(user, password, request.ip);
    const held = await this.passkeys.find({ where: { user_id: user.id } });
    if (held.length >= MAX_PASSKEYS) throw tooMany();
    const rp = await this.relyingParty(request);
    return generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpID,
      userName: user.username,
      userID: this.userHandle(user.id),
      challenge: this.challenge('register', user.id),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      excludeCredentials: held.map(descriptor),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** Keeps the credential the browser made from registrationOptions' answer; tells the owner. */
  async add(
    request: FastifyRequest,
    userId: number,
    name: string | undefined,
    credential: WebAuthnJson,
  ): Promise<PasskeyView> {
    const rp = await this.relyingParty(request);
    let challenge = '';
    const verification = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: (sent) => {
        challenge = sent;
        return this.challengeValid(sent, 'register', userId);
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw invalid();
    const made = verification.registrationInfo.credential;
    if (!CREDENTIAL_ID.test(made.id)) throw invalid();
    if (await this.passkeys.existsBy({ credential_id: made.id })) {
      throw conflict('passkeys.exists', 'this passkey is registered already');
    }
    const label = name?.trim() || deviceName(request.headers['user-agent'] ?? null) || 'Passkey';
    const id = await retriedTransaction(this.passkeys.manager, async (manager) => {
      await manager.query('UPDATE users SET updated_at = updated_at WHERE id = ?', [userId]);
      if ((await manager.countBy(Passkey, { user_id: userId })) >= MAX_PASSKEYS) throw tooMany();
      await this.useUp(manager, challenge, userId, invalid);
      try {
        const result = await manager.insert(Passkey, {
          user_id: userId,
          credential_id: made.id,
          public_key: Buffer.from(made.publicKey).toString('base64url'),
          counter: made.counter,
          transports: made.transports?.join(',') || null,
          name: label,
          last_used_at: null,
        });
        return Number(result.identifiers[0].id);
      } catch (e) {
        if (isUniqueViolation(e))
          throw conflict('passkeys.exists', 'this passkey is registered already');
        throw e;
      }
    });
    const user = await this.users.findOneByOrFail({ id: userId });
    await this.mail.notify(request, user, (resetLink) => ({
      kind: 'security_changed',
      change: { what: 'passkey_added', name: label },
      resetLink,
    }));
    return toView(await this.passkeys.findOneByOrFail({ id }));
  }

  async remove(userId: number, id: number): Promise<void> {
    const removed = await this.passkeys.delete({ id, user_id: userId });
    if (removed.affected !== 1) throw notFound('passkeys.not_found', 'passkey not found');
  }

  /**
   * Options for a sign-in: by passkey alone (any of the site's passkeys the browser holds), or,
   * with a second step's ticket, by one of that account's passkeys. An unknown or spent ticket
   * answers 401 like login_2fa.php.
   */
  async loginOptions(request: FastifyRequest, ticket?: string): Promise<WebAuthnJson> {
    const rp = await this.relyingParty(request);
    if (ticket === undefined) {
      return generateAuthenticationOptions({
        rpID: rp.rpID,
        challenge: this.challenge('login', 0),
        timeout: CHALLENGE_MS,
        userVerification: 'required',
      });
    }
    const user = await this.secondStepUser(ticket);
    return this.secondFactorOptions(rp, user.id);
  }

  /** A sign-in by passkey alone: the user the passkey belongs to, who verified to it. */
  async signIn(request: FastifyRequest, credential: WebAuthnJson): Promise<User> {
    const row = await this.credentialOf(credential);
    if (!row) throw failed();
    const use = await this.verifyUse(request, row, credential, 'login', 0, failed);
    const user = await this.users.findOneBy({ id: row.user_id });
    if (!user) throw failed();
    if (user.status !== 1) {
      throw accountDisabled();
    }
    await retriedTransaction(this.passkeys.manager, async (manager) => {
      await this.useUp(manager, use.challenge, row.user_id, failed);
      await this.recordUse(manager, use);
    });
    return user;
  }

  /**
   * The second step of a password sign-in, finished by one of the account's passkeys: counted in
   * the lock-out like a code; the ticket is used up with the challenge.
   */
  async finishLogin(
    request: FastifyRequest,
    ticket: string,
    credential: WebAuthnJson,
  ): Promise<User> {
    const user = await this.secondStepUser(ticket);
    const use = await this.verifySecondFactor(request, user, credential, failed);
    const live = await this.tokens.live('login_2fa', ticket);
    await retriedTransaction(this.passkeys.manager, async (manager) => {
      if (!live || !(await this.tokens.redeem(manager, live))) throw challengeInvalid();
      await this.useUp(manager, use.challenge, user.id, failed);
      await this.recordUse(manager, use);
    });
    return user;
  }

  /** Options for a signed-in user to prove the second factor again with one of their passkeys. */
  async stepUpOptions(request: FastifyRequest, user: User): Promise<WebAuthnJson> {
    const rp = await this.relyingParty(request);
    if (!(await this.has(user.id))) throw notConfirmed();
    return this.secondFactorOptions(rp, user.id);
  }

  /** A signed-in user's passkey answer to stepUpOptions: counted in the lock-out like a code. */
  async confirmStepUp(
    request: FastifyRequest,
    user: User,
    credential: WebAuthnJson,
  ): Promise<void> {
    const use = await this.verifySecondFactor(request, user, credential, notConfirmed);
    await retriedTransaction(this.passkeys.manager, async (manager) => {
      await this.useUp(manager, use.challenge, user.id, notConfirmed);
      await this.recordUse(manager, use);
    });
  }

  /** Options for one of the user's passkeys to prove the second factor. */
  private async secondFactorOptions(rp: RelyingParty, userId: number): Promise<WebAuthnJson> {
    const held = await this.passkeys.find({ where: { user_id: userId } });
    return generateAuthenticationOptions({
      rpID: rp.rpID,
      allowCredentials: held.map(descriptor),
      challenge: this.challenge('second_factor', userId),
      timeout: CHALLENGE_MS,
      userVerification: 'preferred',
    });
  }

  /** One of the user's passkeys as the second factor, counted in the login lock-out like a code. */
  private async verifySecondFactor(
    request: FastifyRequest,
    user: User,
    credential: WebAuthnJson,
    refusal: () => AppError,
  ): Promise<VerifiedUse> {
    const attempt = { scope: 'user' as const, username: user.username, ip: request.ip };
    await this.auth.admit(attempt);
    const row = await this.credentialOf(credential);
    if (!row || row.user_id !== user.id) throw refusal();
    const use = await this.verifyUse(request, row, credential, 'second_factor', user.id, refusal);
    await this.throttle.succeeded(attempt);
    return use;
  }

  private async secondStepUser(ticket: string): Promise<User> {
    const live = await this.tokens.live('login_2fa', ticket);
    const user = live && (await this.users.findOneBy({ id: live.user_id }));
    if (!user || user.status !== 1) throw challengeInvalid();
    return user;
  }

  private async credentialOf(credential: WebAuthnJson): Promise<Passkey | null> {
    const id = (credential as { id?: unknown }).id;
    if (typeof id !== 'string' || !CREDENTIAL_ID.test(id)) return null;
    return this.passkeys.findOneBy({ credential_id: id });
  }

  private async verifyUse(
    request: FastifyRequest,
    row: Passkey,
    credential: WebAuthnJson,
    purpose: ChallengePurpose,
    userId: number,
    refusal: () => AppError,
  ): Promise<VerifiedUse> {
    const rp = await this.relyingParty(request);
    let challenge = '';
    const verification = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: (sent) => {
        challenge = sent;
        return this.challengeValid(sent, purpose, userId);
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: row.credential_id,
        publicKey: bytesOf(Buffer.from(row.public_key, 'base64url')),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
      requireUserVerification: purpose === 'login',
    }).catch(() => null);
    if (!verification?.verified) throw refusal();
    return { row, challenge, counter: verification.authenticationInfo.newCounter };
  }

  private async recordUse(manager: EntityManager, use: VerifiedUse): Promise<void> {
    await manager.update(
      Passkey,
      { id: use.row.id },
      { counter: use.counter, last_used_at: new Date() },
    );
  }

  /** Marks a challenge answered; a second answer to it (a replay, a double submit) is refused. */
  private async useUp(
    manager: EntityManager,
    challenge: string,
    userId: number,
    refusal: () => AppError,
  ): Promise<void> {
    if (!(await this.tokens.spend(manager, userId, 'passkey', challenge, CHALLENGE_MS))) {
      throw refusal();
    }
  }

  /** A new challenge, signed: what it is for, for whom (0: anyone) and until when. */
  private challenge(purpose: ChallengePurpose, userId: number): Uint8Array<ArrayBuffer> {
    const body = Buffer.alloc(BODY_BYTES);
    body.writeUInt8(PURPOSES[purpose], 0);
    body.writeUInt32BE(userId, 1);
    body.writeUInt32BE(Math.floor((Date.now() + CHALLENGE_MS) / 1000), 5);
    randomBytes(16).copy(body, 9);
    return bytesOf(Buffer.concat([body, this.mac(body)]));
  }

  private challengeValid(sent: string, purpose: ChallengePurpose, userId: number): boolean {
    const bytes = Buffer.from(sent, 'base64url');
    if (bytes.length !== BODY_BYTES + MAC_BYTES) return false;
    const body = bytes.subarray(0, BODY_BYTES);
    return (
      timingSafeEqual(bytes.subarray(BODY_BYTES), this.mac(body)) &&
      body.readUInt8(0) === PURPOSES[purpose] &&
      body.readUInt32BE(1) === userId &&
      body.readUInt32BE(5) * 1000 > Date.now()
    );
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.macKey).update(body).digest().subarray(0, MAC_BYTES);
  }

  /** The account's WebAuthn user handle: stable, and not its numeric id. */
  private userHandle(userId: number): Uint8Array<ArrayBuffer> {
    const digest = createHmac('sha256', this.macKey).update(`user ${userId}`).digest();
    return bytesOf(digest.subarray(0, 16));
  }

  private async relyingParty(request: FastifyRequest): Promise<RelyingParty> {
    const config = await this.config.find();
    const configured = siteBase(config?.site_url ?? '', request.server.publicAddress.configured);
    const origin = originOf(configured) ?? originOf(request.headers.origin);
    if (!origin) {
      throw new AppError(
        'passkeys.origin_unknown',
        'this site cannot use passkeys until its address is set; please contact the administrator',
        HttpStatus.BAD_REQUEST,
      );
    }
    return {
      origin,
      rpID: new URL(origin).hostname,
      rpName: config?.site_title.trim() || FALLBACK_SITE_NAME,
    };
  }
}

const tooMany = () =>
  conflict('passkeys.too_many', `you already have ${MAX_PASSKEYS} passkeys; remove one first`);

const challengeInvalid = () =>
  new AppError(
    'auth.two_factor_challenge_invalid',
    'this sign-in has expired; please log in again',
    HttpStatus.UNAUTHORIZED,
  );

/** A copy in a plain ArrayBuffer, as the WebAuthn library's types ask. */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(buffer.length);
  bytes.set(buffer);
  return bytes;
}

function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const transportsOf = (row: Passkey) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;

const descriptor = (row: Passkey) => ({ id: row.credential_id, transports: transportsOf(row) });

const toView = (row: Passkey): PasskeyView => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});
