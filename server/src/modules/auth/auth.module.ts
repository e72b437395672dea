import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  Admin,
  AdminRecoveryCode,
  AdminTotp,
  ApiKey,
  OidcProvider,
  Passkey,
  RecoveryCode,
  User,
  UserDevice,
  UserIdentity,
  UserTotp,
} from '../../database/entities';
import { AccountMailModule } from '../account-mail';
import { AuditModule } from '../audit';
import { SiteConfigModule } from '../config';
import { KeysModule } from '../keys';
import { SessionsModule } from '../sessions';
import { UsersModule } from '../users';
import { AccountEmailController } from './account-email.controller';
import { AccountSecurityController } from './account-security.controller';
import { AdminPasswordService } from './admin-password.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { LoginThrottle } from './login-throttle';
import { NewDeviceNotices } from './new-device-notices';
import { OidcAdminController, OidcController, OidcIdentitiesController } from './oidc.controller';
import { OidcProviders } from './oidc-providers.service';
import { OidcSignIn } from './oidc.service';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { PasswordResetService } from './password-reset.service';
import { SignIn } from './sign-in';
import {
  AdminOwnTwoFactorController,
  TwoFactorAdminController,
  TwoFactorController,
} from './two-factor.controller';
import { AdminTwoFactorService } from './admin-two-factor.service';
import { TwoFactorService } from './two-factor.service';
import { UserPasswordService } from './user-password.service';
import {
  AdminLocalStrategy,
  AdminLoginGuard,
  UserLocalStrategy,
  UserLoginGuard,
} from './strategies/local.strategies';

/**
 * Signing in and out (password, second factor, passkeys, OpenID Connect providers), passwords,
 * password reset, the account's e-mail and security settings.
 */
@Module({
  imports: [
    AccountMailModule,
    AuditModule,
    SiteConfigModule,
    KeysModule,
    SessionsModule,
    UsersModule,
    PassportModule,
    TypeOrmModule.forFeature([
      User,
      Admin,
      AdminTotp,
      AdminRecoveryCode,
      ApiKey,
      UserTotp,
      RecoveryCode,
      Passkey,
      UserDevice,
      OidcProvider,
      UserIdentity,
    ]),
  ],
  controllers: [
    AuthController,
    AccountSecurityController,
    AccountEmailController,
    TwoFactorController,
    TwoFactorAdminController,
    AdminOwnTwoFactorController,
    PasskeysController,
    OidcController,
    OidcIdentitiesController,
    OidcAdminController,
  ],
  providers: [
    LoginThrottle,
    AuthService,
    AdminPasswordService,
    UserPasswordService,
    PasswordResetService,
    EmailChangeService,
    TwoFactorService,
    AdminTwoFactorService,
    PasskeysService,
    NewDeviceNotices,
    SignIn,
    OidcProviders,
    OidcSignIn,
    UserLocalStrategy,
    AdminLocalStrategy,
    UserLoginGuard,
    AdminLoginGuard,
  ],
})
export class AuthModule {}
