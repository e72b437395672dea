import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin, ApiKey, User } from '../../database/entities';
import { AccountMailModule } from '../account-mail';
import { AuditModule } from '../audit';
import { KeysModule } from '../keys';
import { SessionsModule } from '../sessions';
import { AccountEmailController } from './account-email.controller';
import { AccountSecurityController } from './account-security.controller';
import { AdminPasswordService } from './admin-password.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { LoginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset.service';
import { UserPasswordService } from './user-password.service';
import {
  AdminLocalStrategy,
  AdminLoginGuard,
  UserLocalStrategy,
  UserLoginGuard,
} from './strategies/local.strategies';

/** Signing in and out, passwords, password reset, the account's e-mail and security settings. */
@Module({
  imports: [
    AccountMailModule,
    AuditModule,
    KeysModule,
    SessionsModule,
    PassportModule,
    TypeOrmModule.forFeature([User, Admin, ApiKey]),
  ],
  controllers: [AuthController, AccountSecurityController, AccountEmailController],
  providers: [
    LoginThrottle,
    AuthService,
    AdminPasswordService,
    UserPasswordService,
    PasswordResetService,
    EmailChangeService,
    UserLocalStrategy,
    AdminLocalStrategy,
    UserLoginGuard,
    AdminLoginGuard,
  ],
})
export class AuthModule {}
