import { PageNumber, PerPage } from '../../../common/paging';

export const ACCESS_LOGS_MAX_PER_PAGE = 100;

export class AccessLogsQuery {
  @PageNumber()
  page = 1;

  @PerPage(ACCESS_LOGS_MAX_PER_PAGE)
  per_page = 20;
}
