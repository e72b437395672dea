import { Module } from '@nestjs/common';
import { Mailer } from './mailer';

/** Outgoing e-mail (SMTP_URL), shared by alerts and account mail. */
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
