/** What other features may take from account-mail/ (the layer rules allow no deeper import). */
export { AccountMail } from './account-mail';
export type { MailSetup } from './account-mail';
export { AccountMailModule } from './account-mail.module';
export { AccountTokens } from './account-tokens';
export { EMAIL_TAKEN, EmailConfirmations, invalidEmail } from './email-confirmations';
export type { SecurityChange } from './messages';
