import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  HttpStatus,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import type { SessionKind } from '../../database/entities/session.entity';
import { AdminTwoFactorGate, BEFORE_ADMIN_TWO_FACTOR } from './admin-gate';
import { SessionService } from './session.service';

export { RequireCsrf } from './csrf';

const SUBJECT = Symbol('portico.subject');

type RequestWithSubjects = FastifyRequest & { [SUBJECT]?: Partial<Record<SessionKind, number>> };

async function admit(
  sessions: SessionService,
  context: ExecutionContext,
  kind: SessionKind,
): Promise<number> {
  const request = context.switchToHttp().getRequest<RequestWithSubjects>();
  const session = await sessions.peek(request, kind);
  if (!session) {
    throw kind === 'user'
      ? new AppError('auth.unauthenticated', 'please log in first', HttpStatus.UNAUTHORIZED)
      : new AppError(
          'auth.admin_unauthenticated',
          'please log in as administrator first',
          HttpStatus.UNAUTHORIZED,
        );
  }
  request[SUBJECT] = { ...request[SUBJECT], [kind]: session.subjectId };
  return session.subjectId;
}

/** 401 without a valid user session. */
@Injectable()
export class UserGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await admit(this.sessions, context, 'user');
    return true;
  }
}

/**
 * 401 without a valid admin session (a user session does not count); 403 while the site requires
 * two-factor of administrators and this one has none, except on the set-up's routes.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly gate: AdminTwoFactorGate,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const adminId = await admit(this.sessions, context, 'admin');
    const open = this.reflector.getAllAndOverride<boolean | undefined>(BEFORE_ADMIN_TWO_FACTOR, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!open) await this.gate.check(adminId);
    return true;
  }
}

function subjectId(kind: SessionKind, context: ExecutionContext): number {
  const id = context.switchToHttp().getRequest<RequestWithSubjects>()[SUBJECT]?.[kind];
  if (id === undefined) {
    throw new Error(
      `Current${kind === 'user' ? 'User' : 'Admin'}Id() needs its guard on the route`,
    );
  }
  return id;
}

/** The signed-in user's id; the route must use UserGuard. */
export const CurrentUserId = createParamDecorator((_: unknown, context: ExecutionContext) =>
  subjectId('user', context),
);

/** The signed-in admin's id; the route must use AdminGuard. */
export const CurrentAdminId = createParamDecorator((_: unknown, context: ExecutionContext) =>
  subjectId('admin', context),
);
