/** What other features may take from mail/ (the layer rules allow no deeper import). */
export { MailModule } from './mail.module';
export { Mailer } from './mailer';
export type { Mail } from './mailer';
