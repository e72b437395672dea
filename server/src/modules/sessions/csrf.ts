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

/** Marks a GET route that changes data: it needs the X-XSRF-TOKEN header like every write. */
export const RequireCsrf = () => SetMetadata(REQUIRE_CSRF, true);

/**
 * Signed double submit: the XSRF-TOKEN cookie is `nonce.hmac(nonce, session secrets)`, so a
 * token planted from elsewhere or kept from before a login or logout does not verify.
 */
@Injectable()
export class CsrfService {
  private readonly key: Buffer;

  constructor(
    @Inject(ENV) env: Env,
    private readonly sessions: SessionService,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', env.APP_SECRET, '', 'portico csrf', 32));
  }

  /** Whether the CSRF rules apply: the JSON API, except the key-authenticated and webhook paths. */
  covers(request: FastifyRequest): boolean {
    const path = pathOf(request);
    if (!path.startsWith('/api/')) return false;
    return !(request.method === 'POST' && path === '/api/afdian/webhook');
  }

  /** The cookie's token verifies against the request's current sessions. */
  async cookieIsValid(request: FastifyRequest): Promise<boolean> {
    const token = request.cookies[XSRF_COOKIE];
    if (!token) return false;
    const dot = token.indexOf('.');
    if (dot < 1) return false;
    const expected = await this.sign(request, token.slice(0, dot));
    return safeEqual(token, expected);
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
    if (!(await this.cookieIsValid(request))) await this.issue(request, reply);
  }

  /** Sets a fresh token for the request's current sessions (after login, logout, or when stale). */
  async issue(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = await this.sign(request, randomBytes(16).toString('base64url'));
    void reply.setCookie(XSRF_COOKIE, token, {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: this.sessions.secureCookies(request),
    });
  }

  private async sign(request: FastifyRequest, nonce: string): Promise<string> {
    const [user, admin] = await Promise.all([
      this.sessions.current(request, 'user'),
      this.sessions.current(request, 'admin'),
    ]);
    const binding = `${nonce}|${user?.csrf_secret ?? ''}|${admin?.csrf_secret ?? ''}`;
    return `${nonce}.${createHmac('sha256', this.key).update(binding).digest('base64url')}`;
  }
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
