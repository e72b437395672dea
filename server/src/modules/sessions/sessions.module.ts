import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminTotp, Passkey, Session, SiteConfig, UserTotp } from '../../database/entities';
import { AdminTwoFactorGate } from './admin-gate';
import { CsrfGuard, CsrfService } from './csrf';
import { AdminGuard, UserGuard } from './guards';
import { SessionService } from './session.service';
import { StepUpCheck } from './step-up';

/**
 * Who is signed in: the session cookies, CSRF on every write (a guard for the whole app) and the
 * guards a controller puts in front of a user's or an administrator's routes (and, for new key
 * secrets, a recent second factor).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Session, UserTotp, Passkey, AdminTotp, SiteConfig])],
  providers: [
    SessionService,
    CsrfService,
    { provide: APP_GUARD, useClass: CsrfGuard },
    UserGuard,
    AdminGuard,
    AdminTwoFactorGate,
    StepUpCheck,
  ],
  exports: [SessionService, CsrfService, UserGuard, AdminGuard, AdminTwoFactorGate, StepUpCheck],
})
export class SessionsModule {}
