import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { AmountText, IntLike, RecordId, Trimmed } from '../../../common/admin-input';
import { PageNumber, PerPage } from '../../../common/paging';
import type { Accepts } from '../../../common/validation';
import type { DisableRedeemBatchBody, RedeemCodeBody } from '../../../contracts/redeem';
import type { CreateRedeemBatchBody } from '../../../contracts/redeem';
import {
  MAX_BATCH_CODES,
  MAX_CODE_USES,
  MAX_CREDIT_DAYS,
  REDEEM_KINDS,
} from '../../../contracts/redeem';
import type { RedeemKind } from '../../../contracts/redeem';

// class-validator checks a property's rules bottom-up and stops at the first that fails.

export class RedeemCodeDto implements RedeemCodeBody {
  @MaxLength(64, { message: 'the code is too long (a code has 20 letters and digits)' })
  @IsNotEmpty({ message: 'please enter a code' })
  @IsString({ message: 'the code must be text' })
  @Trimmed()
  code: string;
}

export class RedemptionsQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 10;
}

export class RedeemBatchesQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 20;
}

const whole = (field: string, max: number) =>
  `${field} must be a whole number from 1 to ${max.toLocaleString('en-US')}`;

export class CreateRedeemBatchDto {
  @MaxLength(100, { message: 'the name is too long (max 100 characters)' })
  @IsNotEmpty({ message: 'please enter a name for the batch' })
  @IsString({ message: 'the name must be text' })
  @Trimmed()
  name: string;

  @IsIn(REDEEM_KINDS, { message: 'the value kind must be cash, credit or plan' })
  kind: RedeemKind;

  @Matches(/^\d{1,6}(\.\d{1,3})?$/, {
    message: 'value must be an amount such as 10 or 2.5 (at most 100000, three decimal places)',
  })
  @IsString({ message: 'value must be an amount such as 10 or 2.5' })
  @IsNotEmpty({ message: 'please enter what each code is worth' })
  @ValidateIf((body: CreateRedeemBatchDto) => body.kind !== 'plan' || body.value !== undefined)
  @AmountText()
  value?: string;

  @Max(MAX_BATCH_CODES, { message: whole('count', MAX_BATCH_CODES) })
  @Min(1, { message: whole('count', MAX_BATCH_CODES) })
  @IsInt({ message: whole('count', MAX_BATCH_CODES) })
  @IntLike()
  count: number;

  @Max(MAX_CODE_USES, { message: whole('uses_per_code', MAX_CODE_USES) })
  @Min(1, { message: whole('uses_per_code', MAX_CODE_USES) })
  @IsInt({ message: whole('uses_per_code', MAX_CODE_USES) })
  @IntLike()
  uses_per_code: number;

  @Max(MAX_BATCH_CODES, { message: whole('per_user_limit', MAX_BATCH_CODES) })
  @Min(1, { message: whole('per_user_limit', MAX_BATCH_CODES) })
  @IsInt({ message: whole('per_user_limit', MAX_BATCH_CODES) })
  @IntLike()
  per_user_limit: number;

  @IsISO8601({ strict: true }, { message: 'expires_at must be an ISO 8601 date and time' })
  @IsOptional()
  expires_at?: string | null;

  @Max(MAX_CREDIT_DAYS, { message: whole('credit_days', MAX_CREDIT_DAYS) })
  @Min(1, { message: whole('credit_days', MAX_CREDIT_DAYS) })
  @IsInt({ message: whole('credit_days', MAX_CREDIT_DAYS) })
  @IsOptional()
  @IntLike()
  credit_days?: number | null;

  @RecordId('plan_id must be a positive integer')
  @IsOptional()
  plan_id?: number | null;
}

export type CreateRedeemBatchDtoReads = Accepts<CreateRedeemBatchDto, CreateRedeemBatchBody>;

export class RedeemBatchIdDto implements DisableRedeemBatchBody {
  @RecordId('invalid batch ID')
  id: number;
}
