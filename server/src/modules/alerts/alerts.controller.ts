import { Body, Controller, UseGuards } from '@nestjs/common';
import { CurrentUserId, UserGuard } from '../sessions';
import { AlertsService } from './alerts.service';
import { BalanceAlertDto } from './dto/balance-alert.dto';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(UserGuard)
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Serves('GET api/user/get_balance_alert.php')
  async get(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.alerts.get(userId) };
  }

  @Serves('POST api/user/set_balance_alert.php')
  async set(@CurrentUserId() userId: number, @Body() body: BalanceAlertDto) {
    return { success: true, message: 'alert saved', data: await this.alerts.set(userId, body) };
  }
}
