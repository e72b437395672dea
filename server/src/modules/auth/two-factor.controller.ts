import { Body, Controller, Ip, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Serves } from '../../common/serves';
import { User } from '../../database/entities';
import {
  AdminGuard,
  BeforeAdminTwoFactor,
  CurrentAdminId,
  CurrentUserId,
  SessionService,
  UserGuard,
} from '../sessions';
import { AdminTwoFactorService } from './admin-two-factor.service';
import { UserIdDto } from './dto/account-email.dto';
import {
  ConfirmTwoFactorDto,
  DisableTwoFactorDto,
  StartTotpDto,
  TotpCodeDto,
} from './dto/two-factor.dto';
import { PasskeysService } from './passkeys.service';
import { TwoFactorService } from './two-factor.service';

/** The back office's part: turning a user's two-factor off when phone and codes are lost. */
@Controller()
@UseGuards(AdminGuard)
export class TwoFactorAdminController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Serves('POST api/admin/disable_user_two_factor.php')
  async disable(
    @CurrentAdminId() adminId: number,
    @Req() request: FastifyRequest,
    @Body() body: UserIdDto,
  ) {
    await this.twoFactor.adminDisable(request, { adminId, ip: request.ip }, body.user_id);
    return { success: true, message: 'two-factor authentication turned off for this user' };
  }
}

/**
 * An administrator's own two-factor (修改密码 page). While the site requires it and it is off,
 * the set-up's three calls are all the back office answers (BeforeAdminTwoFactor).
 */
@Controller()
@UseGuards(AdminGuard)
export class AdminOwnTwoFactorController {
  constructor(private readonly twoFactor: AdminTwoFactorService) {}

  @Serves('GET api/admin/get_two_factor.php')
  @BeforeAdminTwoFactor()
  async status(@CurrentAdminId() adminId: number) {
    return { success: true, message: 'ok', data: await this.twoFactor.status(adminId) };
  }

  @Serves('POST api/admin/start_totp.php')
  @BeforeAdminTwoFactor()
  async start(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: StartTotpDto) {
    const data = await this.twoFactor.start(adminId, body.current_password, ip);
    return { success: true, message: 'scan the code, then confirm with the first code', data };
  }

  @Serves('POST api/admin/enable_totp.php')
  @BeforeAdminTwoFactor()
  async enable(
    @CurrentAdminId() adminId: number,
    @Req() request: FastifyRequest,
    @Body() body: TotpCodeDto,
  ) {
    const data = await this.twoFactor.enable(request, { adminId, ip: request.ip }, body.code);
    return {
      success: true,
      message: 'two-factor authentication is on; your other sessions have been signed out',
      data,
    };
  }

  @Serves('POST api/admin/disable_totp.php')
  async disable(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: DisableTwoFactorDto,
  ) {
    await this.twoFactor.disable({ adminId, ip }, body.current_password, body.code);
    return { success: true, message: 'two-factor authentication is off' };
  }
}

/** The user centre's two-factor settings (the sign-in step is AuthController's login_2fa.php). */
@Controller()
@UseGuards(UserGuard)
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeysService,
    private readonly sessions: SessionService,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  @Serves('GET api/user/get_two_factor.php')
  async status(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.twoFactor.status(userId) };
  }

  @Serves('POST api/user/start_totp.php')
  async start(@CurrentUserId() userId: number, @Ip() ip: string, @Body() body: StartTotpDto) {
    const user = await this.user(userId);
    const data = await this.twoFactor.start(user, body.current_password, ip);
    return { success: true, message: 'scan the code, then confirm with the first code', data };
  }

  @Serves('POST api/user/enable_totp.php')
  async enable(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Body() body: TotpCodeDto,
  ) {
    const data = await this.twoFactor.enable(request, await this.user(userId), body.code);
    // The code just given proves the factor on this session as a sign-in's would.
    await this.sessions.secondFactorProved(request, 'user');
    return { success: true, message: 'two-factor authentication is on', data };
  }

  @Serves('POST api/user/disable_totp.php')
  async disable(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Body() body: DisableTwoFactorDto,
  ) {
    const user = await this.user(userId);
    await this.twoFactor.disable(request, user, body.current_password, body.code);
    return { success: true, message: 'two-factor authentication is off' };
  }

  /** A step-up: the second factor again, before calls that hand out new key secrets. */
  @Serves('POST api/user/confirm_two_factor.php')
  async confirm(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Body() body: ConfirmTwoFactorDto,
  ) {
    const user = await this.user(userId);
    if (body.credential !== undefined) {
      await this.passkeys.confirmStepUp(request, user, body.credential);
    } else await this.twoFactor.confirm(user, body.code ?? '', request.ip);
    await this.sessions.secondFactorProved(request, 'user');
    return { success: true, message: 'confirmed' };
  }

  @Serves('POST api/user/step_up_options.php')
  async stepUpOptions(@CurrentUserId() userId: number, @Req() request: FastifyRequest) {
    const data = await this.passkeys.stepUpOptions(request, await this.user(userId));
    return { success: true, message: 'ok', data };
  }

  private async user(userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', 401);
    }
    return user;
  }
}
