import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { badRequest } from '../../../common/app-error';
import type { Admin, User } from '../../../database/entities';
import { AuthService, CREDENTIALS_MISSING } from '../auth.service';

function credentials(username: unknown, password: unknown): [string, string] {
  if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
    throw badRequest('auth.credentials_missing', CREDENTIALS_MISSING);
  }
  return [username, password];
}

@Injectable()
export class UserLocalStrategy extends PassportStrategy(Strategy, 'user-local') {
  constructor(private readonly auth: AuthService) {
    super({ passReqToCallback: true });
  }

  validate(request: FastifyRequest, username: unknown, password: unknown): Promise<User> {
    return this.auth.verifyUser(...credentials(username, password), request.ip);
  }
}

@Injectable()
export class AdminLocalStrategy extends PassportStrategy(Strategy, 'admin-local') {
  constructor(private readonly auth: AuthService) {
    super({ passReqToCallback: true });
  }

  validate(request: FastifyRequest, username: unknown, password: unknown): Promise<Admin> {
    return this.auth.verifyAdmin(...credentials(username, password), request.ip);
  }
}

/** passport-local stops before validate() when a field is missing: that is our 400, not a 401. */
function handle<T>(error: unknown, account: T | false): T {
  if (error instanceof Error) throw error;
  if (!account) throw badRequest('auth.credentials_missing', CREDENTIALS_MISSING);
  return account;
}

@Injectable()
export class UserLoginGuard extends AuthGuard('user-local') {
  override handleRequest<T>(
    error: unknown,
    user: T | false,
    _info: unknown,
    _context: ExecutionContext,
  ) {
    return handle(error, user);
  }
}

@Injectable()
export class AdminLoginGuard extends AuthGuard('admin-local') {
  override handleRequest<T>(
    error: unknown,
    admin: T | false,
    _info: unknown,
    _context: ExecutionContext,
  ) {
    return handle(error, admin);
  }
}
