import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import { SavePlanDto, SubscribePlanDto } from './dto/plans.dto';
import { PlansService } from './plans.service';

@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** The pricing page. */
  @Serves('GET api/get_plans.php')
  async onOffer() {
    return { success: true, message: 'ok', data: await this.plans.onOffer() };
  }

  @Serves('GET api/user/get_plan.php')
  @UseGuards(UserGuard)
  async ofUser(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.plans.ofUser(userId) };
  }

  @Serves('POST api/user/subscribe_plan.php')
  @UseGuards(UserGuard)
  async subscribe(@CurrentUserId() userId: number, @Body() body: SubscribePlanDto) {
    const data = await this.plans.subscribe(userId, body.plan_id);
    return { success: true, message: `subscribed: balance ${data.balance} now`, data };
  }

  @Serves('POST api/user/cancel_plan.php')
  @UseGuards(UserGuard)
  async cancel(@CurrentUserId() userId: number) {
    const data = await this.plans.cancel(userId);
    return { success: true, message: 'cancelled: the plan runs to the end of its period', data };
  }
}

/** 套餐管理. */
@Controller()
export class PlansAdminController {
  constructor(private readonly plans: PlansService) {}

  @Serves('GET api/admin/get_plans.php')
  @UseGuards(AdminGuard)
  async list() {
    return { success: true, message: 'ok', data: await this.plans.adminList() };
  }

  @Serves('POST api/admin/save_plan.php')
  @UseGuards(AdminGuard)
  async save(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SavePlanDto) {
    const data = await this.plans.save({ adminId, ip }, body);
    return { success: true, message: 'plan saved', data };
  }
}
