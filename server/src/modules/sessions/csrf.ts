import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CanActivate,
  ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import { pathOf } from '../../common/request-guards';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { SessionService } from './session.service';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const CSRF_MESSAGE = 'invalid or missing CSRF token, reload the page and try again';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REQUIRE_CSRF = 'portico:require-csrf';
/** The bound secrets of a request with no session: none. */
const ANONYMOUS = '|';

/** Marks a GET route that changes data: it needs the X-XSRF-TOKEN header like every write. */
export const RequireCsrf = () => SetMetadata(REQUIRE_CSRF, true);

/**
 * Signed double submit: the XSRF-TOKEN cookie is `nonce.hmac(nonce, session secrets)`, so a
 * token planted from elsewhere or kept from before a login or logout does not verify.
 *
 * Visitors without a session share one token, the same on every instance (its nonce comes from
 * APP_SECRET). Their token binds no secret, and anyone can get a valid one by asking, so one token
 * each would protect nothing more; sharing spares a visit a nonce, an HMAC, a cookie serialisation
 * and a wait for the session lookup (ADR 011).
 */
@Injectable()
export class CsrfService {
  private readonly key: Buffer;
  /** The token of visitors without a session, and its Set-Cookie value by the cookie's Secure flag. */
  private readonly anonymous: { token: string; cookies: Map<boolean, string> };

  constructor(
    @Inject(ENV) env: Env,
    private readonly sessions: SessionService,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', env.APP_SECRET, '', 'portico csrf', 32));
    const nonce = Buffer.from(hkdfSync('sha256', env.APP_SECRET, '', 'portico csrf anonymous', 16));
    this.anonymous = {
      token: this.signed(nonce.toString('base64url'), ANONYMOUS),
      cookies: new Map(),
    };
  }

  /** Whether the CSRF rules apply: the JSON API, except the key-authenticated and webhook paths. */
  covers(request: FastifyRequest): boolean {
    const path = pathOf(request);
    if (!path.startsWith('/api/')) return false;
    return !(request.method === 'POST' && path === '/api/afdian/webhook');
  }

  /** The cookie's token verifies against the request's current sessions. */
  async cookieIsValid(request: FastifyRequest): Promise<boolean> {
    return this.verifies(request.cookies[XSRF_COOKIE], await this.secrets(request));
  }

  /** The header repeats the cookie and the cookie is valid. */
  async headerIsValid(request: FastifyRequest): Promise<boolean> {
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[XSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) return false;
    return this.cookieIsValid(request);
  }

  /** Hands out a token when the request has no valid one (pages and JSON reads alike). */
  async ensureToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.settledWithoutSession(request, reply)) return;
    if (!(await this.cookieIsValid(request))) await this.issue(request, reply);
  }

  /**
   * For a request known to have no session (SessionService.withoutSession), checks its token or
   * hands out the shared one, at once; false when its sessions must be looked up first.
   */
  settledWithoutSession(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!this.sessions.withoutSession(request)) return false;
    if (!this.verifies(request.cookies[XSRF_COOKIE], ANONYMOUS)) {
      setToken(reply, this.anonymousCookie(reply, this.sessions.secureCookies(request)));
    }
    return true;
  }

  /** Sets a fresh token for the request's current sessions (after login, logout, or when stale). */
  async issue(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const secure = this.sessions.secureCookies(request);
    const secrets = await this.secrets(request);
    setToken(
      reply,
      secrets === ANONYMOUS
        ? this.anonymousCookie(reply, secure)
        : serialize(reply, this.signed(randomBytes(16).toString('base64url'), secrets), secure),
    );
  }

  private anonymousCookie(reply: FastifyReply, secure: boolean): string {
    let cookie = this.anonymous.cookies.get(secure);
    if (cookie === undefined) {
      cookie = serialize(reply, this.anonymous.token, secure);
      this.anonymous.cookies.set(secure, cookie);
    }
    return cookie;
  }

  /** `token` is the shared one of visitors without a session, or `nonce.hmac` for `secrets`. */
  private verifies(token: string | undefined, secrets: string): boolean {
    if (!token) return false;
    if (secrets === ANONYMOUS && token === this.anonymous.token) return true;
    const dot = token.indexOf('.');
    return dot > 0 && safeEqual(token, this.signed(token.slice(0, dot), secrets));
  }

  /** The request's session secrets as the token binds them: ANONYMOUS without a session. */
  private async secrets(request: FastifyRequest): Promise<string> {
    const [user, admin] = await Promise.all([
      this.sessions.current(request, 'user'),
      this.sessions.current(request, 'admin'),
    ]);
    return `${user?.csrf_secret ?? ''}|${admin?.csrf_secret ?? ''}`;
  }

  private signed(nonce: string, secrets: string): string {
    const mac = createHmac('sha256', this.key).update(`${nonce}|${secrets}`).digest('base64url');
    return `${nonce}.${mac}`;
  }
}

/** Sets the token's cookie, in place of one set earlier in this request (the guard's, before a login). */
function setToken(reply: FastifyReply, cookie: string): void {
  const set = reply.getHeader('set-cookie');
  if (set === undefined) {
    void reply.header('set-cookie', cookie);
    return;
  }
  const others = (Array.isArray(set) ? set : [String(set)]).filter(
    (value) => !value.startsWith(`${XSRF_COOKIE}=`),
  );
  void reply.removeHeader('set-cookie').header('set-cookie', [...others, cookie]);
}

/** The XSRF-TOKEN Set-Cookie value: readable by the page's script, sent on same-site requests. */
function serialize(reply: FastifyReply, token: string, secure: boolean): string {
  return reply.server.serializeCookie(XSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
  });
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Global guard: hands out the token on reads, demands it on writes and on @RequireCsrf() reads. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly csrf: CsrfService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!this.csrf.covers(request)) return true;
    await this.csrf.ensureToken(request, context.switchToHttp().getResponse<FastifyReply>());
    const required =
      !SAFE_METHODS.has(request.method) ||
      this.reflector.getAllAndOverride<boolean>(REQUIRE_CSRF, [
        context.getHandler(),
        context.getClass(),
      ]);
    if (required && !(await this.csrf.headerIsValid(request))) {
      throw new AppError('auth.csrf_invalid', CSRF_MESSAGE, HttpStatus.FORBIDDEN);
    }
    return true;
  }
}
