import { PageNumber, PerPage } from '../../../common/paging';

export const RECHARGE_HISTORY_MAX_PER_PAGE = 100;

export class RechargeHistoryQuery {
  @PageNumber()
  page = 1;

  @PerPage(RECHARGE_HISTORY_MAX_PER_PAGE)
  per_page = 10;
}
