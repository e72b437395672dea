import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt, randomBytes } from 'node:crypto';
import { In, IsNull, Not, Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { AppError, badRequest, conflict } from '../../common/app-error';
import { ApiKey, User, UserTotp } from '../../database/entities';
import { isUniqueViolation, retriedTransaction } from '../../database/transactions';
import { ApiKeyService } from '../keys';
import { KeysService } from '../keys';
import { hashPassword } from '../../common/passwords';
import { registrationError, USER_STATUS, USERNAME_LENGTH } from '../../contracts/users';
import { RegisterBody } from './dto/register.body';
import { toUserInfo } from './dto/user.response';
import { toAdminUser, UserListQuery } from './dto/user-list.dto';
import { containsPattern } from '../../common/like';
import { positionedPage } from '../../common/positioned-page';
import { RateLimiter } from '../../common/rate-limiter';
import { ENV } from '../../env/env';
import type { FastifyRequest } from 'fastify';
import { isEmailAddress, normalizeEmail } from '../../contracts/account-email';
import { AccountMail, EmailConfirmations, invalidEmail } from '../account-mail';
import { PlansService, ReferralsService } from '../plans';
import type { Env } from '../../env/env';

const USERNAME_TAKEN = 'username already exists';
const HOUR_MS = 60 * 60 * 1000;

/** A new account: its default key, and the account itself when it may sign in at once. */
export interface Registered {
  apiKey: string;
  /** null while the site waits for the account's e-mail address to be confirmed. */
  user: User | null;
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger('UsersService');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly keys: ApiKeyService,
    private readonly apiKeys: KeysService,
    @InjectRepository(ApiKey) private readonly keyRows: Repository<ApiKey>,
    @InjectRepository(UserTotp) private readonly totps: Repository<UserTotp>,
    private readonly limiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
    private readonly mail: AccountMail,
    private readonly confirmations: EmailConfirmations,
    private readonly referrals: ReferralsService,
    private readonly plans: PlansService,
  ) {}

  /**
   * Creates the account and returns its first API key; it does not sign in. An e-mail address
   * given is mailed a confirmation link and becomes the account's once it is followed. With the
   * admin's e-mail verification on, the address is required and the account signs in only after
   * that link (USER_STATUS.pendingEmail until then). An invite code records the account's referral
   * in the transaction that makes it.
   */
  async register(body: RegisterBody, request: FastifyRequest): Promise<Registered> {
    const error = registrationError(body);
    if (error) throw badRequest(error.code, error.message);
    const email = body.email?.trim() ? normalizeEmail(body.email) : null;
    if (email !== null && !isEmailAddress(email)) throw invalidEmail();
    const verify = await this.mail.emailRequired(request);
    if (verify && email === null) {
      throw new AppError(
        'users.email_required',
        'please enter your e-mail address: this site confirms it before the first sign-in',
        HttpStatus.BAD_REQUEST,
        {},
        'email',
      );
    }
    // Counted once the form is valid, so typos do not use up an address's allowance.
    await this.admitRegistration(request.ip);
    const username = body.username!;
    const usernameKey = username.toLowerCase();
    if (await this.users.existsBy({ username_key: usernameKey })) {
      throw conflict('users.username_taken', USERNAME_TAKEN);
    }
    const mail = email === null ? null : await this.mail.setup(request);
    if (email !== null) await this.confirmations.ensureFree(email);
    const passwordHash = await hashPassword(body.password!);
    let created: { id: number; apiKey: string };
    try {
      // The account and its default key (api_keys) exist together or not at all.
      created = await retriedTransaction(this.users.manager, async (manager) => {
        const inserted = await manager.getRepository(User).insert({
          username,
          username_key: usernameKey,
          email: null,
          password_hash: passwordHash,
          balance_milli: 0,
          status: verify ? USER_STATUS.pendingEmail : USER_STATUS.active,
        });
        const id = Number(inserted.identifiers[0].id);
        await this.referrals.attach(manager, id, body.invite, request);
        return { id, apiKey: await this.apiKeys.createDefault(manager, id) };
      });
    } catch (e) {
      // Two registrations of one name at once: the unique index decides.
      if (isUniqueViolation(e)) throw conflict('users.username_taken', USERNAME_TAKEN);
      throw e;
    }
    if (mail && email) await this.confirmations.send(mail, { id: created.id, username }, email);
    if (!verify) await this.giveDefaultPlan(created.id);
    const user = verify ? null : await this.users.findOneByOrFail({ id: created.id });
    return { apiKey: created.apiKey, user };
  }

  /**
   * The account of someone signing in with a provider for the first time: the first free name
   * made from the provider's names, a password nobody knows (a reset link sets one), and the
   * provider's e-mail address when it vouched for it and no account holds it. `link` writes the
   * provider account in the same transaction, so both exist or neither; `invite` records the
   * account's referral as a registration's does.
   */
  async registerExternal(
    request: FastifyRequest,
    profile: { names: string[]; email: string | null },
    link: (manager: EntityManager, userId: number) => Promise<void>,
    invite?: string,
  ): Promise<User> {
    await this.admitRegistration(request.ip);
    const email =
      profile.email !== null && !(await this.users.existsBy({ email: profile.email }))
        ? profile.email
        : null;
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    for (const username of usernameCandidates(profile.names)) {
      if (await this.users.existsBy({ username_key: username.toLowerCase() })) continue;
      try {
        const id = await retriedTransaction(this.users.manager, async (manager) => {
          const inserted = await manager.getRepository(User).insert({
            username,
            username_key: username.toLowerCase(),
            email,
            password_hash: passwordHash,
            balance_milli: 0,
            status: USER_STATUS.active,
          });
          const userId = Number(inserted.identifiers[0].id);
          await this.apiKeys.createDefault(manager, userId);
          await link(manager, userId);
          await this.referrals.attach(manager, userId, invite, request);
          return userId;
        });
        await this.giveDefaultPlan(id);
        return this.find(id);
      } catch (e) {
        // The name (or the address) was taken meanwhile: the next candidate.
        if (!isUniqueViolation(e)) throw e;
      }
    }
    throw conflict('users.username_taken', USERNAME_TAKEN);
  }

  /**
   * Subscribes a new active account to the default plan, if there is one. The account stands
   * without it when that fails (it can subscribe on the pricing page): logged, not refused.
   */
  private async giveDefaultPlan(userId: number): Promise<void> {
    await this.plans.subscribeDefault(userId).catch((error: unknown) => {
      this.logger.warn(`the default plan was not given to user ${userId}: ${String(error)}`);
    });
  }

  /** Counts a registration from the address: 429 past REGISTRATIONS_PER_IP_PER_HOUR. */
  private async admitRegistration(ip: string): Promise<void> {
    const limit = await this.limiter.hit(
      `register:${ip}`,
      this.env.REGISTRATIONS_PER_IP_PER_HOUR,
      HOUR_MS,
    );
    if (!limit.allowed) {
      throw new AppError(
        'users.registration_throttled',
        'too many registrations from this address, try again later',
        HttpStatus.TOO_MANY_REQUESTS,
        { 'Retry-After': String(limit.resetSeconds) },
      );
    }
  }

  async info(userId: number) {
    const user = await this.find(userId);
    return toUserInfo(user, await this.keys.revealDefault(user.id));
  }

  /** A new default key; the old one stops matching at once because only the new hash is stored. */
  async changeApiKey(userId: number): Promise<string> {
    await this.find(userId);
    return this.apiKeys.rotateDefault(userId);
  }

  /**
   * The admin user list: newest first; search matches username or email, case-insensitively.
   * Counted only so far past the page and, with `before`, read from that user on by the index of
   * users by sign-up time (positionedPage).
   */
  async adminList(query: UserListQuery) {
    const search = query.search?.trim().toLowerCase();
    const list = () => {
      const qb = this.users.createQueryBuilder('user');
      if (search) {
        qb.where("(user.username_key LIKE :q ESCAPE '!' OR LOWER(user.email) LIKE :q ESCAPE '!')", {
          q: containsPattern(search),
        });
      }
      return qb;
    };
    const { rows: listed, ...info } = await positionedPage({
      list,
      time: 'user.created_at',
      id: 'user.id',
      query,
      read: async (page) => {
        const { entities, raw } = await page.getRawAndEntities<{
          user_created_at: Date | string;
        }>();
        return entities.map((user, i) => ({ user, time: raw[i].user_created_at }));
      },
      position: (row) => ({ time: row.time, id: row.user.id }),
    });
    const rows = listed.map((row) => row.user);
    // The API key column shows each user's default key by its hint (the admin may reveal it).
    const defaults = rows.length
      ? await this.keyRows.find({
          where: { user_id: In(rows.map((row) => row.id)), is_default: 1 },
          select: { user_id: true, key_hint: true },
        })
      : [];
    const hints = new Map(defaults.map((key) => [key.user_id, key.key_hint]));
    const twoFactor = rows.length
      ? await this.totps.find({
          where: { user_id: In(rows.map((row) => row.id)), enabled_at: Not(IsNull()) },
          select: { user_id: true },
        })
      : [];
    const withTwoFactor = new Set(twoFactor.map((row) => row.user_id));
    return {
      users: rows.map((row) =>
        toAdminUser(row, hints.get(row.id) ?? '', withTwoFactor.has(row.id)),
      ),
      ...info,
    };
  }

  /** A session can outlive its user (an admin deleted it): then the caller is not signed in. */
  private async find(userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED);
    }
    return user;
  }
}

/**
 * Names to try for an account made at a provider's sign-in: each provider name cut to the
 * characters usernames allow, then the first with a number, then "user" with a number.
 */
export function usernameCandidates(names: string[]): string[] {
  const bases = names
    .map((name) => name.replace(/[^A-Za-z0-9_]/g, '').slice(0, USERNAME_LENGTH.max - 5))
    .filter((name) => name.length >= USERNAME_LENGTH.min);
  const base = bases[0] ?? 'user';
  const numbered = Array.from({ length: 5 }, () => `${base}_${randomInt(1000, 10000)}`);
  return [...new Set([...bases, ...numbered, `user_${randomInt(100000, 1000000)}`])];
}
