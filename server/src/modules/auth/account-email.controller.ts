import { Body, Controller, Ip, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import {
  AccountTokenDto,
  UserIdDto,
  ChangeEmailDto,
  ForgotPasswordDto,
  ResetPasswordDto,
  SignInNoticeDto,
} from './dto/account-email.dto';
import { EmailChangeService } from './email-change.service';
import { NewDeviceNotices } from './new-device-notices';
import { PasswordResetService } from './password-reset.service';

/** The account's e-mail address, the password reset it makes possible, and its notices. */
@Controller()
export class AccountEmailController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly emails: EmailChangeService,
    private readonly newDevices: NewDeviceNotices,
  ) {}

  @Serves('POST api/user/forgot_password.php')
  async forgot(@Body() body: ForgotPasswordDto, @Req() request: FastifyRequest) {
    await this.resets.request(body.login, request);
    return {
      success: true,
      message:
        'if this account has a confirmed e-mail address, a reset link is on its way; without one, please contact the site administrator',
    };
  }

  @Serves('POST api/user/check_reset_token.php')
  async checkReset(@Body() body: AccountTokenDto) {
    return { success: true, message: 'ok', data: await this.resets.check(body.token) };
  }

  @Serves('POST api/user/reset_password.php')
  async reset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    await this.resets.reset(body, request);
    return { success: true, message: 'password reset; please log in with the new password' };
  }

  @Serves('GET api/user/get_email.php')
  @UseGuards(UserGuard)
  async email(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.emails.view(userId) };
  }

  @Serves('POST api/user/change_email.php')
  @UseGuards(UserGuard)
  async changeEmail(
    @CurrentUserId() userId: number,
    @Body() body: ChangeEmailDto,
    @Req() request: FastifyRequest,
  ) {
    return {
      success: true,
      message: 'a confirmation link has been sent to the new address',
      data: await this.emails.change(userId, body, request),
    };
  }

  @Serves('POST api/user/set_sign_in_notice.php')
  @UseGuards(UserGuard)
  async signInNotice(@CurrentUserId() userId: number, @Body() body: SignInNoticeDto) {
    await this.newDevices.setEnabled(userId, body.enabled);
    return { success: true, message: 'saved', data: await this.emails.view(userId) };
  }

  @Serves('POST api/user/confirm_email.php')
  async confirmEmail(@Body() body: AccountTokenDto, @Req() request: FastifyRequest) {
    return {
      success: true,
      message: 'e-mail address confirmed',
      data: await this.emails.confirm(body.token, request),
    };
  }

  @Serves('POST api/admin/create_password_reset_link.php')
  @UseGuards(AdminGuard)
  async adminResetLink(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: UserIdDto,
    @Req() request: FastifyRequest,
  ) {
    return {
      success: true,
      message: 'reset link created',
      data: await this.resets.adminLink({ adminId, ip }, body.user_id, request),
    };
  }
}
