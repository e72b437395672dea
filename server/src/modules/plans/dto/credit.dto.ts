import {
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { AmountText, RecordId, Trimmed } from '../../../common/admin-input';
import type { Accepts } from '../../../common/validation';
import { ADMIN_CREDIT_REASONS } from '../../../contracts/credit';
import type { GrantCreditBody } from '../../../contracts/credit';

// class-validator checks a property's rules bottom-up and stops at the first that fails.

export class GrantCreditDto {
  @RecordId('user_id must be a positive integer')
  user_id: number;

  @Matches(/^\d{1,6}(\.\d{1,3})?$/, {
    message: 'amount must be an amount such as 10 or 2.5 (at most 100000, three decimal places)',
  })
  @IsString({ message: 'amount must be an amount such as 10 or 2.5' })
  @IsNotEmpty({ message: 'please enter the amount of credit' })
  @AmountText()
  amount: string;

  @IsISO8601({ strict: true }, { message: 'expires_at must be an ISO 8601 date and time' })
  @IsNotEmpty({ message: 'please enter when the credit expires' })
  expires_at: string;

  @IsIn(ADMIN_CREDIT_REASONS, { message: 'the reason must be admin or promotion' })
  reason: GrantCreditBody['reason'];

  @MaxLength(200, { message: 'the note is too long (max 200 characters)' })
  @IsString({ message: 'the note must be text' })
  @IsOptional()
  @Trimmed()
  note?: string;
}

export type GrantCreditDtoReads = Accepts<GrantCreditDto, GrantCreditBody>;
