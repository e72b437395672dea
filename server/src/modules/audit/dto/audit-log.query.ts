import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DayParam, ListPosition, PageNumber, PerPage } from '../../../common/paging';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../../contracts/audit';
import type { AuditAction, AuditTarget } from '../../../contracts/audit';
import type { AuditQuery } from '../../../contracts/audit';

/** GET get_audit_log.php's filters. */
export class AuditLogQuery implements AuditQuery {
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

  @DayParam('from')
  from?: string;

  @DayParam('to')
  to?: string;

  @ListPosition('the audit log')
  before?: string;
}
