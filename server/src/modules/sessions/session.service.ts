import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EntityManager, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { notFound } from '../../common/app-error';
import { SIGNED_IN_COOKIES } from '../../contracts/sessions';
import { Session } from '../../database/entities';
import type { SessionKind } from '../../database/entities/session.entity';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';

export const SESSION_COOKIES: Record<SessionKind, string> = {
  user: 'portico_session',
  admin: 'portico_admin_session',
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions expire after this long without a request (and SESSION_MAX_AGE_DAYS after sign-in). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** The server's idle expiry is the real limit; the cookie only has to outlive it (Chrome's cap). */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** last_seen_at (and the sliding expiry) is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SessionSubject {
  subjectId: number;
}

/**
 * Server-side sessions: an opaque random token in an httpOnly cookie, stored as its sha256.
 * Each request's look-up is cached so guards, decorators and the CSRF check share one query.
 */
@Injectable()
export class SessionService {
  private readonly cache = new WeakMap<FastifyRequest, Map<SessionKind, Promise<Session | null>>>();
  /** Requests that started a session (a sign-in): their cookies do not tell. */
  private readonly started = new WeakSet<FastifyRequest>();

  /** How long a session may last from its sign-in, however active. */
  private readonly maxAgeMs: number;
  /** PUBLIC_URL is https: the cookies are Secure whatever a proxy says about the request. */
  private readonly publicHttps: boolean;
  /** Keys the public session ids, so an id reveals nothing of the token or its hash. */
  private readonly idKey: Buffer;

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @Inject(ENV) env: Env,
  ) {
    this.maxAgeMs = env.SESSION_MAX_AGE_DAYS * DAY_MS;
    this.publicHttps = env.PUBLIC_URL.startsWith('https:');
    this.idKey = Buffer.from(hkdfSync('sha256', env.APP_SECRET, '', 'portico session id', 32));
  }

  /** Whether cookies for this request get `Secure`: PUBLIC_URL is https, or the request came so. */
  secureCookies(request: FastifyRequest): boolean {
    return this.publicHttps || request.protocol === 'https';
  }

  /** The valid, unexpired session of that kind the request's cookie names, else null. */
  async peek(request: FastifyRequest, kind: SessionKind): Promise<SessionSubject | null> {
    const session = await this.current(request, kind);
    return session ? { subjectId: session.subject_id } : null;
  }

  /** The request has no session, known without a lookup: it sent no session cookie and started none. */
  withoutSession(request: FastifyRequest): boolean {
    return (
      !request.cookies[SESSION_COOKIES.user] &&
      !request.cookies[SESSION_COOKIES.admin] &&
      !this.started.has(request)
    );
  }

  /** The session row itself (the CSRF check binds its token to csrf_secret). */
  current(request: FastifyRequest, kind: SessionKind): Promise<Session | null> {
    let byKind = this.cache.get(request);
    if (!byKind) {
      byKind = new Map();
      this.cache.set(request, byKind);
    }
    let session = byKind.get(kind);
    if (!session) {
      session = this.load(request, kind);
      byKind.set(kind, session);
    }
    return session;
  }

  /**
   * Starts a new session (a new token every time; the request's old one of that kind ends).
   * `secondFactor`: the sign-in proved the account's second factor just now.
   */
  async create(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    subjectId: number,
    secondFactor = false,
  ): Promise<void> {
    const previous = request.cookies[SESSION_COOKIES[kind]];
    if (previous) await this.sessions.delete({ token_hash: sha256(previous) });
    await this.sessions.delete({ expires_at: LessThan(new Date()) });
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const session = this.sessions.create({
      token_hash: sha256(token),
      kind,
      subject_id: subjectId,
      csrf_secret: randomBytes(32).toString('hex'),
      expires_at: new Date(now.getTime() + Math.min(SESSION_IDLE_MS, this.maxAgeMs)),
      last_seen_at: now,
      created_at: now,
      ip: request.ip.slice(0, 64),
      user_agent: (request.headers['user-agent'] ?? '').slice(0, 255) || null,
      second_factor_at: secondFactor ? now : null,
    });
    await this.sessions.insert(session);
    this.setCookie(request, reply, kind, token);
    this.remember(request, kind, session);
    this.started.add(request);
  }

  /** Records that the request's session just proved the account's second factor. */
  async secondFactorProved(request: FastifyRequest, kind: SessionKind): Promise<void> {
    const session = await this.current(request, kind);
    if (!session) return;
    session.second_factor_at = new Date();
    await this.sessions.update(
      { token_hash: session.token_hash },
      { second_factor_at: session.second_factor_at },
    );
  }

  /** Ends the request's session of that kind, if any, and clears its cookie. */
  async destroy(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void> {
    const token = request.cookies[SESSION_COOKIES[kind]];
    if (token) await this.sessions.delete({ token_hash: sha256(token) });
    void reply.clearCookie(SESSION_COOKIES[kind], { path: '/' });
    void reply.clearCookie(SIGNED_IN_COOKIES[kind], { path: '/' });
    this.remember(request, kind, null);
  }

  /** The opaque id a session is listed and revoked by. */
  publicId(session: Session): string {
    return createHmac('sha256', this.idKey)
      .update(session.token_hash)
      .digest('base64url')
      .slice(0, 22);
  }

  /** The subject's live sessions of that kind, most recently seen first. */
  async list(kind: SessionKind, subjectId: number): Promise<Session[]> {
    const now = new Date();
    const rows = await this.sessions.find({
      where: { kind, subject_id: subjectId, expires_at: MoreThan(now) },
      order: { last_seen_at: 'DESC', created_at: 'DESC' },
    });
    return rows.filter((row) => row.created_at.getTime() + this.maxAgeMs > now.getTime());
  }

  /**
   * Ends one of the subject's own sessions by its public id; another subject's id, or one that
   * is not live, is a 404 and nothing changes. Answers the ended session.
   */
  async revoke(kind: SessionKind, subjectId: number, publicId: string): Promise<Session> {
    const session = (await this.list(kind, subjectId)).find(
      (row) => this.publicId(row) === publicId,
    );
    if (!session) throw notFound('auth.session_not_found', 'session not found');
    await this.sessions.delete({ token_hash: session.token_hash, kind, subject_id: subjectId });
    return session;
  }

  /** Ends every session of the subject but the request's own; answers how many ended. */
  async endOthers(
    request: FastifyRequest,
    kind: SessionKind,
    subjectId: number,
    manager: EntityManager = this.sessions.manager,
  ): Promise<number> {
    const current = await this.current(request, kind);
    const result = await manager.delete(Session, {
      kind,
      subject_id: subjectId,
      ...(current && { token_hash: Not(current.token_hash) }),
    });
    return result.affected ?? 0;
  }

  private remember(request: FastifyRequest, kind: SessionKind, session: Session | null): void {
    const byKind = this.cache.get(request) ?? new Map<SessionKind, Promise<Session | null>>();
    byKind.set(kind, Promise.resolve(session));
    this.cache.set(request, byKind);
  }

  private async load(request: FastifyRequest, kind: SessionKind): Promise<Session | null> {
    const token = request.cookies[SESSION_COOKIES[kind]];
    if (!token || token.length > 100) return null;
    const session = await this.sessions.findOneBy({ token_hash: sha256(token), kind });
    if (!session) return null;
    const now = Date.now();
    const endOfLife = session.created_at.getTime() + this.maxAgeMs;
    if (session.expires_at.getTime() <= now || endOfLife <= now) {
      await this.sessions.delete({ token_hash: session.token_hash });
      return null;
    }
    if (now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
      session.last_seen_at = new Date(now);
      session.expires_at = new Date(Math.min(now + SESSION_IDLE_MS, endOfLife));
      await this.sessions.update(
        { token_hash: session.token_hash },
        { last_seen_at: session.last_seen_at, expires_at: session.expires_at },
      );
    }
    return session;
  }

  private setCookie(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    token: string,
  ): void {
    const options = {
      path: '/',
      sameSite: 'lax',
      secure: this.secureCookies(request),
      maxAge: COOKIE_MAX_AGE_S,
    } as const;
    void reply.setCookie(SESSION_COOKIES[kind], token, { ...options, httpOnly: true });
    void reply.setCookie(SIGNED_IN_COOKIES[kind], '1', { ...options, httpOnly: false });
  }
}
