import { Controller, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUserId, UserGuard } from '../sessions';
import { CallLogService } from './call-log.service';
import { CallLogFilterQuery, CallLogQuery } from './dto/call-log.query';
import { FreeQuotaService } from './free-quota.service';
import { UsageService } from './usage.service';
import { Serves } from '../../common/serves';

/** The user centre's call log, its CSV export, the dashboard's usage and free quotas. */
@Controller()
@UseGuards(UserGuard)
export class UsageController {
  constructor(
    private readonly callLog: CallLogService,
    private readonly usageService: UsageService,
    private readonly freeQuotas: FreeQuotaService,
  ) {}

  @Serves('GET api/user/get_user_access_logs.php')
  async accessLogs(@CurrentUserId() userId: number, @Query() query: CallLogQuery) {
    return { success: true, message: 'ok', data: await this.callLog.page(userId, query) };
  }

  @Serves('GET api/user/get_access_log_options.php')
  async options(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.callLog.options(userId) };
  }

  @Serves('GET api/user/export_access_logs.php')
  exportLogs(
    @CurrentUserId() userId: number,
    @Query() query: CallLogFilterQuery,
    @Res() reply: FastifyReply,
  ): void {
    this.callLog.validate(query);
    const lang = reply.request.cookies.lang === 'zh' ? 'zh' : 'en';
    const csv = this.callLog.exportCsv(userId, query, lang);
    const span = [query.from ?? 'start', query.to ?? 'now'].join('_');
    void reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="portico-calls-${span}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  }

  @Serves('GET api/user/get_free_quotas.php')
  async quotas(@CurrentUserId() userId: number) {
    return {
      success: true,
      message: 'ok',
      data: { quotas: await this.freeQuotas.quotas(userId) },
    };
  }

  @Serves('GET api/user/get_usage.php')
  async usage(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.usageService.usage(userId) };
  }
}
