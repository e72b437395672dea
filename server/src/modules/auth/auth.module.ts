import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin, ApiKey, Session, User } from '../../database/entities';
import { AuditModule } from '../audit/audit.module';
import { AccountSecurityController } from './account-security.controller';
import { AdminPasswordService } from './admin-password.service';
import { ApiKeyService } from './api-keys';
import { AuthController } from './auth.controller';
import { AdminGuard, UserGuard } from './auth.guards';
import { AuthService } from './auth.service';
import { CsrfGuard, CsrfService } from './csrf';
import { LoginThrottle } from './login-throttle';
import { SessionService } from './session.service';
import { UserPasswordService } from './user-password.service';
import {
  AdminLocalStrategy,
  AdminLoginGuard,
  UserLocalStrategy,
  UserLoginGuard,
} from './strategies/local.strategies';

/** Sessions, CSRF, guards and API keys, available to every module without importing this one. */
@Global()
@Module({
  imports: [AuditModule, PassportModule, TypeOrmModule.forFeature([User, Admin, Session, ApiKey])],
  controllers: [AuthController, AccountSecurityController],
  providers: [
    SessionService,
    CsrfService,
    { provide: APP_GUARD, useClass: CsrfGuard },
    LoginThrottle,
    AuthService,
    AdminPasswordService,
    UserPasswordService,
    ApiKeyService,
    UserGuard,
    AdminGuard,
    UserLocalStrategy,
    AdminLocalStrategy,
    UserLoginGuard,
    AdminLoginGuard,
  ],
  exports: [SessionService, CsrfService, LoginThrottle, ApiKeyService, UserGuard, AdminGuard],
})
export class AuthModule {}
