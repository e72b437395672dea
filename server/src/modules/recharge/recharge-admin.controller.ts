import { Body, Controller, Get, HttpCode, Ip, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, CurrentAdminId } from '../sessions';
import {
  AssignOrderBody,
  DismissOrderBody,
  PendingOrdersQuery,
  ReconciliationQuery,
} from './dto/recharge-admin.dto';
import { RechargeAdminService } from './recharge-admin.service';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class RechargeAdminController {
  constructor(private readonly admin: RechargeAdminService) {}

  @Get('get_pending_orders.php')
  async pending(@Query() query: PendingOrdersQuery) {
    return { success: true, message: 'ok', data: await this.admin.pendingOrders(query) };
  }

  @Post('assign_order.php')
  @HttpCode(200)
  async assign(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: AssignOrderBody) {
    const data = await this.admin.assign({ adminId, ip }, body);
    return { success: true, message: `order credited: ${data.amount}`, data };
  }

  @Post('dismiss_order.php')
  @HttpCode(200)
  async dismiss(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: DismissOrderBody,
  ) {
    await this.admin.dismiss({ adminId, ip }, body);
    return { success: true, message: 'order dismissed' };
  }

  @Get('get_recharge_reconciliation.php')
  async reconciliation(@Query() query: ReconciliationQuery) {
    return { success: true, message: 'ok', data: await this.admin.reconciliation(query) };
  }

  /** The headers go on only once the CSV is made: a refusal stays a JSON envelope. */
  @Get('export_recharge_reconciliation.php')
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
