import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKey, User, UserTotp } from '../../database/entities';
import { AccountMailModule } from '../account-mail';
import { KeysModule } from '../keys';
import { PlansModule } from '../plans';
import { UsersAdminController } from './users-admin.controller';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';
import { SessionsModule } from '../sessions';

@Module({
  imports: [
    AccountMailModule,
    SessionsModule,
    TypeOrmModule.forFeature([User, ApiKey, UserTotp]),
    KeysModule,
    PlansModule,
  ],
  controllers: [UsersController, UsersAdminController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
