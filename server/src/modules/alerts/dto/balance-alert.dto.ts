import { IsEmail, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Trimmed } from '../../../common/admin-input';
import { formatBalance } from '../../../common/money';
import type { AlertDelivery, BalanceAlert, User } from '../../../database/entities';
import { EMAIL_MAX_LENGTH } from '../../../contracts/account-email';
import { THRESHOLD_PATTERN, WEBHOOK_URL_MAX } from '../../../contracts/usage';
import type {
  AlertDeliveryView,
  BalanceAlertBody,
  BalanceAlertView,
} from '../../../contracts/usage';

/** POST set_balance_alert.php. Checks run bottom-up: type first, then format. */
export class BalanceAlertDto implements BalanceAlertBody {
  @ValidateIf((body: BalanceAlertDto) => body.threshold !== '')
  @Matches(THRESHOLD_PATTERN, {
    message: 'threshold must be an amount in yuan with at most 3 decimals, or empty to turn off',
  })
  @Trimmed()
  @IsString({ message: 'threshold must be text' })
  threshold: string;

  @ValidateIf((body: BalanceAlertDto) => body.email !== undefined && body.email !== '')
  @IsEmail({}, { message: 'email is not an e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, {
    message: `email is too long (max ${EMAIL_MAX_LENGTH} characters)`,
  })
  @Trimmed()
  @IsString({ message: 'email must be text' })
  @IsOptional()
  email?: string;

  @MaxLength(WEBHOOK_URL_MAX, { message: `webhook_url is too long (max ${WEBHOOK_URL_MAX})` })
  @Trimmed()
  @IsString({ message: 'webhook_url must be text' })
  @IsOptional()
  webhook_url?: string;
}

export const toDeliveryView = (row: AlertDelivery): AlertDeliveryView => ({
  id: row.id,
  channel: row.channel,
  target: row.target,
  state: row.state,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export function toBalanceAlertView(
  user: User,
  alert: BalanceAlert | null,
  deliveries: AlertDelivery[],
): BalanceAlertView {
  return {
    threshold: alert ? formatBalance(alert.threshold_milli) : null,
    email: alert?.email ?? null,
    account_email: user.email,
    webhook_url: alert?.webhook_url ?? null,
    webhook_secret: alert?.webhook_secret ?? null,
    low: !!alert?.crossed_at && user.balance_milli < alert.threshold_milli,
    balance: formatBalance(user.balance_milli),
    deliveries: deliveries.map(toDeliveryView),
  };
}
