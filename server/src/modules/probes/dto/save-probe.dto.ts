import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Flag, IntLike, Trimmed } from '../../../common/admin-input';
import type { Accepts } from '../../../common/validation';
import { PROBE_LIMITS, PROBE_METHODS } from '../../../contracts/health';
import type { ProbeMethod, SaveProbeBody } from '../../../contracts/health';

const INVALID_API_ID = 'invalid API ID';
const INTERVAL = `the interval must be a whole number of seconds between ${PROBE_LIMITS.intervalMin} and ${PROBE_LIMITS.intervalMax}`;
const TIMEOUT = `the timeout must be a whole number of milliseconds between ${PROBE_LIMITS.timeoutMin} and ${PROBE_LIMITS.timeoutMax}`;
const STATUS = 'the expected status must be an HTTP status between 100 and 599';

/** save_api_probe.php's body: the API's id and its probe (the JSON body is checked in the service). */
export class SaveProbeDto {
  @IntLike()
  @Min(1, { message: INVALID_API_ID })
  @IsInt({ message: INVALID_API_ID })
  id: number;

  @Flag()
  @IsIn([0, 1], { message: 'enabled must be 0 or 1' })
  enabled: number;

  @IsIn(PROBE_METHODS, { message: 'the method must be GET, POST, PUT, DELETE or PATCH' })
  method: ProbeMethod;

  @Trimmed()
  @MaxLength(PROBE_LIMITS.queryMax, {
    message: `the query is too long (max ${PROBE_LIMITS.queryMax} characters)`,
  })
  @IsString({ message: 'the query must be text' })
  query: string;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(PROBE_LIMITS.bodyMax, {
    message: `the body is too long (max ${PROBE_LIMITS.bodyMax} characters)`,
  })
  @IsString({ message: 'the body must be JSON text' })
  body: string | null;

  @IntLike()
  @Min(100, { message: STATUS })
  @Max(599, { message: STATUS })
  @IsInt({ message: STATUS })
  expected_status: number;

  @IntLike()
  @Min(PROBE_LIMITS.intervalMin, { message: INTERVAL })
  @Max(PROBE_LIMITS.intervalMax, { message: INTERVAL })
  @IsInt({ message: INTERVAL })
  interval_s: number;

  @IntLike()
  @Min(PROBE_LIMITS.timeoutMin, { message: TIMEOUT })
  @Max(PROBE_LIMITS.timeoutMax, { message: TIMEOUT })
  @IsInt({ message: TIMEOUT })
  timeout_ms: number;
}

/** The contract's body, which the client sends, is one this DTO reads. */
export type SaveProbeDtoReads = Accepts<SaveProbeDto, SaveProbeBody>;
