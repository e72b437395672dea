import { IsOptional, Matches } from 'class-validator';
import { RecordId } from '../../../common/admin-input';

/** A calendar month on the site's clock: 2000-01 or later; the running month when left out. */
const MONTH = /^(2\d{3})-(0[1-9]|1[0-2])$/;

export class StatementQuery {
  @IsOptional()
  @Matches(MONTH, { message: 'month must be a month such as 2026-11 (YYYY-MM, from 2000 on)' })
  month?: string;
}

export class UserStatementQuery extends StatementQuery {
  @RecordId('user_id must be a positive integer')
  user_id!: number;
}
