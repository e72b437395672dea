import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admin, ApiKey, User } from '../../database/entities';
import { AuditModule } from '../audit';
import { KeysModule } from '../keys';
import { SessionsModule } from '../sessions';
import { AccountSecurityController } from './account-security.controller';
import { AdminPasswordService } from './admin-password.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { UserPasswordService } from './user-password.service';
import {
  AdminLocalStrategy,
  AdminLoginGuard,
  UserLocalStrategy,
  UserLoginGuard,
} from './strategies/local.strategies';

/** Signing in and out, passwords and the account's own security settings. */
@Module({
  imports: [
    AuditModule,
    KeysModule,
    SessionsModule,
    PassportModule,
    TypeOrmModule.forFeature([User, Admin, ApiKey]),
  ],
  controllers: [AuthController, AccountSecurityController],
  providers: [
    LoginThrottle,
    AuthService,
    AdminPasswordService,
    UserPasswordService,
    UserLocalStrategy,
    AdminLocalStrategy,
    UserLoginGuard,
    AdminLoginGuard,
  ],
})
export class AuthModule {}
