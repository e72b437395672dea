import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import { GrantCreditDto } from './dto/credit.dto';
import { CreditService } from './credit.service';

@Controller()
export class CreditController {
  constructor(private readonly credit: CreditService) {}

  @Serves('GET api/user/get_credit.php')
  @UseGuards(UserGuard)
  async ofUser(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.credit.ofUser(userId) };
  }

  /** 用户管理 → 赠送额度. */
  @Serves('POST api/admin/grant_credit.php')
  @UseGuards(AdminGuard)
  async grant(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: GrantCreditDto) {
    const data = await this.credit.grant({ adminId, ip }, body);
    return { success: true, message: `credit granted: ${data.credit} now`, data };
  }
}
