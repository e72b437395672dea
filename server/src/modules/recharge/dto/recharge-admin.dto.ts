import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RecordId, Trimmed } from '../../../common/admin-input';
import { DayParam, PageNumber, PerPage } from '../../../common/paging';
import { OrderNumber } from './order-number';
import type {
  AssignOrderBody as AssignOrderBodyContract,
  DismissOrderBody as DismissOrderBodyContract,
} from '../../../contracts/recharge';

export class PendingOrdersQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 20;
}

export class AssignOrderBody implements AssignOrderBodyContract {
  @OrderNumber('out_trade_no')
  out_trade_no: string;

  @RecordId('user_id must be a positive integer')
  user_id: number;
}

export class DismissOrderBody implements DismissOrderBodyContract {
  @OrderNumber('out_trade_no')
  out_trade_no: string;

  @Trimmed()
  @MaxLength(500, { message: 'the reason is too long (max 500 characters)' })
  @IsString({ message: 'the reason must be text' })
  @IsNotEmpty({ message: 'please enter the reason for dismissing the order' })
  reason: string;
}

export class ReconciliationQuery {
  @DayParam('from')
  from?: string;

  @DayParam('to')
  to?: string;
}
