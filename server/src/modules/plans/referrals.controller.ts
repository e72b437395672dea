import { Body, Controller, Ip, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import { AdminReferralsQuery, ReferralSettingsDto, ReferralsQuery } from './dto/referrals.dto';
import { ReferralsAdminService } from './referrals-admin.service';
import { ReferralsService } from './referrals.service';

/** 邀请好友 in the user centre. */
@Controller()
@UseGuards(UserGuard)
export class ReferralsController {
  constructor(private readonly referrals: ReferralsService) {}

  @Serves('GET api/user/get_invite.php')
  async invite(@CurrentUserId() userId: number, @Req() request: FastifyRequest) {
    return { success: true, message: 'ok', data: await this.referrals.invite(userId, request) };
  }

  @Serves('GET api/user/get_referrals.php')
  async list(@CurrentUserId() userId: number, @Query() query: ReferralsQuery) {
    return { success: true, message: 'ok', data: await this.referrals.list(userId, query) };
  }
}

/** 邀请奖励 in the back office. */
@Controller()
@UseGuards(AdminGuard)
export class ReferralsAdminController {
  constructor(private readonly referrals: ReferralsAdminService) {}

  @Serves('GET api/admin/get_referral_settings.php')
  async settings() {
    return { success: true, message: 'ok', data: await this.referrals.settings() };
  }

  @Serves('POST api/admin/save_referral_settings.php')
  async save(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: ReferralSettingsDto,
  ) {
    const data = await this.referrals.save({ adminId, ip }, body);
    return { success: true, message: 'invite rewards saved', data };
  }

  @Serves('GET api/admin/get_referrals.php')
  async list(@Query() query: AdminReferralsQuery) {
    return { success: true, message: 'ok', data: await this.referrals.list(query) };
  }
}
