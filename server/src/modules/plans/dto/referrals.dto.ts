import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { AmountText, IntLike } from '../../../common/admin-input';
import { ListPosition, PageNumber, PerPage } from '../../../common/paging';
import type { Accepts } from '../../../common/validation';
import { MAX_REFERRAL_CAP, MAX_REFERRAL_CREDIT_DAYS } from '../../../contracts/referrals';
import type { ReferralSettingsBody } from '../../../contracts/referrals';

// class-validator checks a property's rules bottom-up and stops at the first that fails.

export class ReferralsQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 10;

  @ListPosition('your invitees')
  before?: string;
}

export class AdminReferralsQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 20;

  @ListPosition('the referrals')
  before?: string;
}

const REWARD = 'reward must be an amount from 0 to 1000 such as 5 or 2.5 (three decimal places)';
const CAP = `cap must be a whole number from 0 to ${MAX_REFERRAL_CAP.toLocaleString('en-US')}`;
const CREDIT_DAYS = `credit_days must be a whole number of days from 0 (cash) to ${MAX_REFERRAL_CREDIT_DAYS.toLocaleString('en-US')}`;

export class ReferralSettingsDto implements ReferralSettingsBody {
  @Matches(/^\d{1,4}(\.\d{1,3})?$/, { message: REWARD })
  @IsString({ message: REWARD })
  @IsNotEmpty({ message: 'please enter the reward (0 turns rewards off)' })
  @AmountText()
  reward: string;

  @Max(MAX_REFERRAL_CAP, { message: CAP })
  @Min(0, { message: CAP })
  @IsInt({ message: CAP })
  @IntLike()
  cap: number;

  @Max(MAX_REFERRAL_CREDIT_DAYS, { message: CREDIT_DAYS })
  @Min(0, { message: CREDIT_DAYS })
  @IsInt({ message: CREDIT_DAYS })
  @IntLike()
  @IsOptional()
  credit_days?: number;
}

export type ReferralSettingsDtoReads = Accepts<ReferralSettingsDto, ReferralSettingsBody>;
