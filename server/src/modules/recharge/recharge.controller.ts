import { Body, Controller, Ip, Query, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import { BalanceAdjustmentsService } from './balance-adjustments.service';
import { AdjustBalanceBody } from './dto/adjust-balance.body';
import { RechargeHistoryQuery } from './dto/recharge-history.query';
import { SandboxPayBody } from './dto/sandbox-pay.body';
import { VerifyOrderBody } from './dto/verify-order.body';
import { RechargeService } from './recharge.service';
import { Serves } from '../../common/serves';

@Controller()
export class RechargeController {
  constructor(
    private readonly recharge: RechargeService,
    private readonly adjustments: BalanceAdjustmentsService,
  ) {}

  @Serves('GET api/user/get_recharge_info.php')
  @UseGuards(UserGuard)
  info(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: this.recharge.info(userId) };
  }

  @Serves('POST api/user/verify_aifadian_order.php')
  @UseGuards(UserGuard)
  async verify(@CurrentUserId() userId: number, @Body() body: VerifyOrderBody) {
    const data = await this.recharge.verifyOrder(userId, body.order_number);
    return { success: true, message: `recharge successful: ${data.amount} credited`, data };
  }

  /** "I have paid": credits the user's new paid orders among Afdian's newest (no number needed). */
  @Serves('POST api/user/check_recent_orders.php')
  @UseGuards(UserGuard)
  async checkRecent(@CurrentUserId() userId: number) {
    const data = await this.recharge.checkRecent(userId);
    const message = data.credited.length
      ? `recharge successful: ${data.credited.map((order) => order.amount).join(', ')} credited`
      : 'no new payment found';
    return { success: true, message, data };
  }

  /** The sandbox's checkout: pays with play money; the order is then verified like Afdian's. */
  @Serves('POST api/user/sandbox_pay.php')
  @UseGuards(UserGuard)
  sandboxPay(@CurrentUserId() userId: number, @Body() body: SandboxPayBody) {
    return { success: true, message: 'ok', data: this.recharge.sandboxPay(userId, body.amount) };
  }

  @Serves('POST api/user/recheck_aifadian_order.php')
  @UseGuards(UserGuard)
  async recheck(@CurrentUserId() userId: number, @Body() body: VerifyOrderBody) {
    const data = await this.recharge.recheckOrder(userId, body.order_number);
    return { success: true, message: `recharge successful: ${data.amount} credited`, data };
  }

  @Serves('GET api/user/get_aifadian_recharge_history.php')
  @UseGuards(UserGuard)
  async history(@CurrentUserId() userId: number, @Query() query: RechargeHistoryQuery) {
    return { success: true, message: 'ok', data: await this.recharge.history(userId, query) };
  }

  @Serves('POST api/admin/adjust_user_balance.php')
  @UseGuards(AdminGuard)
  async adjust(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: AdjustBalanceBody,
  ) {
    const data = await this.adjustments.adjust({ adminId, ip }, body);
    return { success: true, message: 'balance adjusted', data };
  }
}
