import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { AmountText, RecordId, StatusFlag, Trimmed } from '../../../common/admin-input';
import type { Accepts } from '../../../common/validation';
import {
  MAX_PLAN_APIS,
  MAX_PLAN_CALLS,
  PLAN_OVERAGES,
  PLAN_PERIODS,
  PLAN_SCOPES,
} from '../../../contracts/plans';
import type {
  PlanOverage,
  PlanPeriod,
  PlanScope,
  SavePlanBody,
  SubscribePlanBody,
} from '../../../contracts/plans';

// class-validator checks a property's rules bottom-up and stops at the first that fails.

const CALLS_MESSAGE = `included_calls must be a whole number from 1 to ${MAX_PLAN_CALLS}`;
const limitMessage = (window: string) =>
  `${window}_limit must be empty or a whole number from 1 to ${MAX_PLAN_CALLS}`;
/** An optional limit of a window: null sets none, absent keeps the plan's. */
const WindowLimit = (window: string) => {
  const message = limitMessage(window);
  return applyDecorators(
    Max(MAX_PLAN_CALLS, { message }),
    Min(1, { message }),
    IsInt({ message }),
    ValidateIf((_, value) => value !== null && value !== undefined),
  );
};

export class SavePlanDto {
  @RecordId('id must be a positive integer')
  @IsOptional()
  id?: number;

  @MaxLength(100, { message: 'the name is too long (max 100 characters)' })
  @IsNotEmpty({ message: 'please enter the plan’s name' })
  @IsString({ message: 'the name must be text' })
  @Trimmed()
  name: string;

  @MaxLength(100, { message: 'the English name is too long (max 100 characters)' })
  @IsString({ message: 'the English name must be text' })
  @IsOptional()
  @Trimmed()
  name_en?: string;

  @MaxLength(500, { message: 'the description is too long (max 500 characters)' })
  @IsString({ message: 'the description must be text' })
  @IsOptional()
  @Trimmed()
  description?: string;

  @MaxLength(500, { message: 'the English description is too long (max 500 characters)' })
  @IsString({ message: 'the English description must be text' })
  @IsOptional()
  @Trimmed()
  description_en?: string;

  @Matches(/^\d{1,5}(\.\d{1,3})?$/, {
    message: 'price must be an amount such as 9.9 or 0 (at most 10000, three decimal places)',
  })
  @IsString({ message: 'price must be an amount such as 9.9 or 0' })
  @IsNotEmpty({ message: 'please enter the price' })
  @AmountText()
  price: string;

  @IsIn(PLAN_PERIODS, { message: 'the period must be day, week or month' })
  period: PlanPeriod;

  @Max(MAX_PLAN_CALLS, { message: CALLS_MESSAGE })
  @Min(1, { message: CALLS_MESSAGE })
  @IsInt({ message: CALLS_MESSAGE })
  included_calls: number;

  @IsIn(PLAN_SCOPES, { message: 'the scope must be all, category or apis' })
  scope: PlanScope;

  @RecordId('category_id must be a positive integer')
  @IsOptional()
  category_id?: number | null;

  @IsInt({ each: true, message: 'api_ids must be API ids' })
  @Min(1, { each: true, message: 'api_ids must be API ids' })
  @ArrayMaxSize(MAX_PLAN_APIS, { message: `a plan may list at most ${MAX_PLAN_APIS} APIs` })
  @IsArray({ message: 'api_ids must be a list of API ids' })
  @IsOptional()
  api_ids?: number[];

  @IsIn(PLAN_OVERAGES, { message: 'overage must be pay or stop' })
  overage: PlanOverage;

  @WindowLimit('hour')
  hour_limit?: number | null;

  @WindowLimit('day')
  day_limit?: number | null;

  @WindowLimit('week')
  week_limit?: number | null;

  @Matches(/^\d{1,5}(\.\d{1,3})?$/, {
    message:
      'overage_price must be empty or an amount such as 0.005 (at most 10000, three decimal places)',
  })
  @IsString({ message: 'overage_price must be empty or an amount such as 0.005' })
  @ValidateIf((_, value) => value !== null && value !== undefined && value !== '')
  @AmountText()
  overage_price?: string | null;

  @IsBoolean({ message: 'is_default must be true or false' })
  @IsOptional()
  is_default?: boolean;

  @StatusFlag()
  status?: number;
}

export type SavePlanDtoReads = Accepts<SavePlanDto, SavePlanBody>;

export class SubscribePlanDto {
  @RecordId('plan_id must be a positive integer')
  plan_id: number;
}

export type SubscribePlanDtoReads = Accepts<SubscribePlanDto, SubscribePlanBody>;
