import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Session } from '../../database/entities';
import { CsrfGuard, CsrfService } from './csrf';
import { AdminGuard, UserGuard } from './guards';
import { SessionService } from './session.service';

/**
 * Who is signed in: the session cookies, CSRF on every write (a guard for the whole app) and the
 * guards a controller puts in front of a user's or an administrator's routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Session])],
  providers: [
    SessionService,
    CsrfService,
    { provide: APP_GUARD, useClass: CsrfGuard },
    UserGuard,
    AdminGuard,
  ],
  exports: [SessionService, CsrfService, UserGuard, AdminGuard],
})
export class SessionsModule {}
