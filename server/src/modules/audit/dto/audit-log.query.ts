import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageNumber, PerPage } from '../../../common/paging';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../../contracts/audit';
import type { AuditAction, AuditTarget } from '../../../contracts/audit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET get_audit_log.php's filters. */
export class AuditLogQuery {
  @PageNumber()
  page = 1;

  @PerPage(100)
  per_page = 20;

  @IsOptional()
  @MaxLength(32, { message: 'admin is too long (max 32 characters)' })
  @IsString({ message: 'admin must be text' })
  admin?: string;

  @IsOptional()
  @IsIn(AUDIT_TARGETS, { message: 'unknown target_type' })
  target_type?: AuditTarget;

  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: 'unknown action' })
  action?: AuditAction;

  @IsOptional()
  @Matches(DAY, { message: 'from must be a date (YYYY-MM-DD)' })
  from?: string;

  @IsOptional()
  @Matches(DAY, { message: 'to must be a date (YYYY-MM-DD)' })
  to?: string;
}
