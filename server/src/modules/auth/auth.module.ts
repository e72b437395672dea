import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  Admin,
  ApiKey,
  Passkey,
  RecoveryCode,
  User,
  UserDevice,
  UserTotp,
} from '../../database/entities';
import { AccountMailModule } from '../account-mail';
import { AuditModule } from '../audit';
import { SiteConfigModule } from '../config';
import { KeysModule } from '../keys';
import { SessionsModule } from '../sessions';
import { AccountEmailController } from './account-email.controller';
import { AccountSecurityController } from './account-security.controller';
import { AdminPasswordService } from './admin-password.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { LoginThrottle } from './login-throttle';
import { NewDeviceNotices } from './new-device-notices';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { PasswordResetService } from './password-reset.service';
import { TwoFactorAdminController, TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';
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
    SiteConfigModule,
    KeysModule,
    SessionsModule,
    PassportModule,
    TypeOrmModule.forFeature([User, Admin, ApiKey, UserTotp, RecoveryCode, Passkey, UserDevice]),
  ],
  controllers: [
    AuthController,
    AccountSecurityController,
    AccountEmailController,
    TwoFactorController,
    TwoFactorAdminController,
    PasskeysController,
  ],
  providers: [
    LoginThrottle,
    AuthService,
    AdminPasswordService,
    UserPasswordService,
    PasswordResetService,
    EmailChangeService,
    TwoFactorService,
    PasskeysService,
    NewDeviceNotices,
    UserLocalStrategy,
    AdminLocalStrategy,
    UserLoginGuard,
    AdminLoginGuard,
  ],
})
export class AuthModule {}
