import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountToken, User } from '../../database/entities';
import { SiteConfigModule } from '../config';
import { MailModule } from '../mail';
import { AccountMail } from './account-mail';
import { AccountTokens } from './account-tokens';
import { EmailConfirmations } from './email-confirmations';

/** Links and notices mailed to an account's owner: reset, confirmation, security notices. */
@Module({
  imports: [MailModule, SiteConfigModule, TypeOrmModule.forFeature([AccountToken, User])],
  providers: [AccountMail, AccountTokens, EmailConfirmations],
  exports: [AccountMail, AccountTokens, EmailConfirmations],
})
export class AccountMailModule {}
