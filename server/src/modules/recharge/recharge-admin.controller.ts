import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Ip,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../auth/auth.guards';
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

  @Get('export_recharge_reconciliation.php')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="recharge-reconciliation.csv"')
  export(@Query() query: ReconciliationQuery) {
    return this.admin.reconciliationCsv(query);
  }
}
