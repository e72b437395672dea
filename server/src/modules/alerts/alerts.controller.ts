import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CurrentUserId, UserGuard } from '../sessions';
import { AlertsService } from './alerts.service';
import { BalanceAlertDto } from './dto/balance-alert.dto';

@Controller('api/user')
@UseGuards(UserGuard)
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('get_balance_alert.php')
  async get(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.alerts.get(userId) };
  }

  @Post('set_balance_alert.php')
  @HttpCode(200)
  async set(@CurrentUserId() userId: number, @Body() body: BalanceAlertDto) {
    return { success: true, message: 'alert saved', data: await this.alerts.set(userId, body) };
  }
}
