import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Matches, MaxLength, Min } from 'class-validator';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;
/** Amounts may arrive as JSON numbers from simple clients; they are read as their decimal text. */
const asText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : trimmed({ value });

export class AdjustBalanceBody {
  @Type(() => Number)
  @Min(1, { message: 'user_id must be a positive integer' })
  @IsInt({ message: 'user_id must be a positive integer' })
  user_id: number;

  // With stopAtFirstError the bottom rule runs first.
  @Transform(asText)
  @Matches(/^[+-]?\d{1,9}(\.\d{1,3})?$/, {
    message: 'amount must be a decimal such as 10 or -2.5, with at most three decimal places',
  })
  @IsString({ message: 'amount must be a decimal such as 10 or -2.5' })
  @IsNotEmpty({ message: 'please enter the amount' })
  amount: string;

  @Transform(trimmed)
  @MaxLength(500, { message: 'the reason is too long (max 500 characters)' })
  @IsString({ message: 'the reason must be text' })
  @IsNotEmpty({ message: 'please enter the reason for the adjustment' })
  reason: string;
}
