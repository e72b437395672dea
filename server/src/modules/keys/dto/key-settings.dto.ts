import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { AmountText, OptionalNotNull, RecordId, Trimmed } from '../../../common/admin-input';
import { KEY_NAME_MAX, MAX_ALLOWED_APIS, MAX_ALLOWED_IPS } from '../../../contracts/api-keys';
import { PRICE_PATTERN } from '../../../contracts/apis';
import type {
  CreateApiKeyBody,
  RevealUserKeyBody,
  RevokeApiKeyBody,
  UpdateApiKeyBody,
} from '../../../contracts/api-keys';

const CAP_MESSAGE =
  'a spending cap must be an amount in yuan such as 10 or 2.5 (at most 3 decimals)';

/**
 * The optional settings of a named key. Left out: unchanged (update) or none (create); null:
 * none. Checks run bottom-up and stop at the first failure (see common/admin-input.ts).
 */
export class KeySettingsBody {
  @IsISO8601({ strict: true }, { message: 'expires_at must be an ISO 8601 date and time' })
  @IsOptional()
  expires_at?: string | null;

  @IsInt({ each: true, message: 'allowed_apis must list API ids' })
  @Min(1, { each: true, message: 'allowed_apis must list API ids' })
  @ArrayMaxSize(MAX_ALLOWED_APIS, {
    message: `allowed_apis may list at most ${MAX_ALLOWED_APIS} APIs`,
  })
  @IsArray({ message: 'allowed_apis must be a list of API ids or null' })
  @IsOptional()
  allowed_apis?: number[] | null;

  @MaxLength(64, { each: true, message: 'an allowed IP or CIDR is too long' })
  @IsString({ each: true, message: 'allowed_ips must list addresses or CIDRs' })
  @ArrayMaxSize(MAX_ALLOWED_IPS, {
    message: `allowed_ips may list at most ${MAX_ALLOWED_IPS} entries`,
  })
  @IsArray({ message: 'allowed_ips must be a list of addresses or CIDRs, or null' })
  @IsOptional()
  allowed_ips?: string[] | null;

  // The upper bound is the site's RATE_LIMIT_PER_KEY, checked by KeysService.
  @Min(1, { message: 'rate_limit must be at least 1 call a minute' })
  @IsInt({ message: 'rate_limit must be a whole number of calls a minute' })
  @IsOptional()
  rate_limit?: number | null;

  @Matches(PRICE_PATTERN, { message: CAP_MESSAGE })
  @IsString({ message: CAP_MESSAGE })
  @AmountText()
  @IsOptional()
  daily_cap?: string | null;

  @Matches(PRICE_PATTERN, { message: CAP_MESSAGE })
  @IsString({ message: CAP_MESSAGE })
  @AmountText()
  @IsOptional()
  monthly_cap?: string | null;
}

const NAME_MESSAGE = `the name must be 1 to ${KEY_NAME_MAX} characters`;

export class CreateKeyBody extends KeySettingsBody implements CreateApiKeyBody {
  @MaxLength(KEY_NAME_MAX, { message: NAME_MESSAGE })
  @IsNotEmpty({ message: 'please enter a name for the key' })
  @IsString({ message: NAME_MESSAGE })
  @Trimmed()
  name: string;
}

export class UpdateKeyBody extends KeySettingsBody implements UpdateApiKeyBody {
  @RecordId('id must be a key id')
  id: number;

  @MaxLength(KEY_NAME_MAX, { message: NAME_MESSAGE })
  @IsNotEmpty({ message: 'please enter a name for the key' })
  @IsString({ message: NAME_MESSAGE })
  @Trimmed()
  @OptionalNotNull()
  name?: string;
}

export class KeyIdBody implements RevokeApiKeyBody {
  @RecordId('id must be a key id')
  id: number;
}

export class UserIdBody implements RevealUserKeyBody {
  @RecordId('user_id must be a user id')
  user_id: number;
}
