import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../sessions';
import { AuditService } from './audit.service';
import { AuditLogQuery } from './dto/audit-log.query';

/** Read-only on purpose: no route changes or removes an audit row. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('get_audit_log.php')
  async list(@Query() query: AuditLogQuery) {
    return { success: true, message: 'ok', data: await this.audit.list(query) };
  }
}
