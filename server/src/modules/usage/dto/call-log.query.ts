import { applyDecorators } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import { RecordId } from '../../../common/admin-input';
import { DayParam, ListPosition, PageNumber, PerPage } from '../../../common/paging';
import { CALL_STATUSES } from '../../../contracts/usage';
import type { CallLogFilters, CallStatus } from '../../../contracts/usage';

export const CALL_LOG_MAX_PER_PAGE = 100;

const OptionalId = (name: string) =>
  applyDecorators(RecordId(`${name} must be a positive integer`), IsOptional());

/** The filters of the call log and of its export. */
export class CallLogFilterQuery implements CallLogFilters {
  @OptionalId('api_id')
  api_id?: number;

  @OptionalId('key_id')
  key_id?: number;

  @IsOptional()
  @IsIn(CALL_STATUSES, { message: `status must be one of ${CALL_STATUSES.join(', ')}` })
  status?: CallStatus;

  @DayParam('from')
  from?: string;

  @DayParam('to')
  to?: string;
}

/** GET get_user_access_logs.php: a page of the filtered log (SPEC: 20 a page). */
export class CallLogQuery extends CallLogFilterQuery {
  @PageNumber()
  page = 1;

  @PerPage(CALL_LOG_MAX_PER_PAGE)
  per_page = 20;

  @ListPosition('the call log')
  before?: string;
}
