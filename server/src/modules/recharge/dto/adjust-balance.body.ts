import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { RecordId, Trimmed } from '../../../common/admin-input';
import { ADJUST_AMOUNT_PATTERN } from '../../../contracts/recharge';
import type { AdjustBalanceBody as AdjustBalanceBodyContract } from '../../../contracts/recharge';

/** Amounts may arrive as JSON numbers from simple clients; they are read as their decimal text. */
const asText = ({ value }: { value: unknown }) => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : value;
};

export class AdjustBalanceBody implements AdjustBalanceBodyContract {
  /** A JSON integer or its digits as text; not true, "0x2" or "1e0". */
  @RecordId('user_id must be a positive integer')
  user_id: number;

  // With stopAtFirstError the bottom rule runs first.
  @Transform(asText)
  @Matches(ADJUST_AMOUNT_PATTERN, {
    message: 'amount must be a decimal such as 10 or -2.5, with at most three decimal places',
  })
  @IsString({ message: 'amount must be a decimal such as 10 or -2.5' })
  @IsNotEmpty({ message: 'please enter the amount' })
  amount: string;

  @Trimmed()
  @MaxLength(500, { message: 'the reason is too long (max 500 characters)' })
  @IsString({ message: 'the reason must be text' })
  @IsNotEmpty({ message: 'please enter the reason for the adjustment' })
  reason: string;
}
