import { Controller, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../sessions';
import { AuditService } from './audit.service';
import { AuditLogQuery } from './dto/audit-log.query';
import { Serves } from '../../common/serves';

/** Read-only on purpose: no route changes or removes an audit row. */
@Controller()
@UseGuards(AdminGuard)
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Serves('GET api/admin/get_audit_log.php')
  async list(@Query() query: AuditLogQuery) {
    return { success: true, message: 'ok', data: await this.audit.list(query) };
  }
}
