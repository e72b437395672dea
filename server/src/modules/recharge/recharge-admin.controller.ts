import { Body, Controller, Ip, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, CurrentAdminId } from '../sessions';
import {
  AssignOrderBody,
  DismissOrderBody,
  PendingOrdersQuery,
  ReconciliationQuery,
} from './dto/recharge-admin.dto';
import { RechargeAdminService } from './recharge-admin.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class RechargeAdminController {
  constructor(private readonly admin: RechargeAdminService) {}

  @Serves('GET api/admin/get_pending_orders.php')
  async pending(@Query() query: PendingOrdersQuery) {
    return { success: true, message: 'ok', data: await this.admin.pendingOrders(query) };
  }

  @Serves('POST api/admin/assign_order.php')
  async assign(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: AssignOrderBody) {
    const data = await this.admin.assign({ adminId, ip }, body);
    return { success: true, message: `order credited: ${data.amount}`, data };
  }

  @Serves('POST api/admin/dismiss_order.php')
  async dismiss(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: DismissOrderBody,
  ) {
    await this.admin.dismiss({ adminId, ip }, body);
    return { success: true, message: 'order dismissed' };
  }

  @Serves('GET api/admin/get_recharge_reconciliation.php')
  async reconciliation(@Query() query: ReconciliationQuery) {
    return { success: true, message: 'ok', data: await this.admin.reconciliation(query) };
  }

  /** The headers go on only once the CSV is made: a refusal stays a JSON envelope. */
  @Serves('GET api/admin/export_recharge_reconciliation.php')
  async export(
    @Query() query: ReconciliationQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await this.admin.reconciliationCsv(query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="recharge-reconciliation.csv"');
    return csv;
  }
}
