import { Body, Controller, Ip, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admin, User } from '../../database/entities';
import { AdminPasswordService } from './admin-password.service';
import { AdminTwoFactorService } from './admin-two-factor.service';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { ChangePasswordDto } from './dto/change-password.dto';
import { AdminLoginGuard, UserLoginGuard } from './strategies/local.strategies';
import { USER_STATUS, type LoginResult, type RegisterResult } from '../../contracts/users';
import { RegisterBody, UsersService } from '../users';
import { EmailConfirmations } from '../account-mail';
import { Serves } from '../../common/serves';
import { PasskeyLoginDto, PasskeyLoginOptionsDto } from './dto/passkeys.dto';
import { TwoFactorLoginDto } from './dto/two-factor.dto';
import { PasskeysService } from './passkeys.service';
import { SignIn } from './sign-in';
import { TwoFactorService } from './two-factor.service';
import type { DataEnvelope } from '../../contracts/envelope';
import type { AdminLoginData } from '../../contracts/two-factor';
import type { WebAuthnJson } from '../../contracts/passkeys';

type LoginRequest<T> = FastifyRequest & { user: T };

@Controller()
export class AuthController {
  constructor(
    private readonly signIn: SignIn,
    private readonly adminPasswords: AdminPasswordService,
    private readonly adminTwoFactor: AdminTwoFactorService,
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeysService,
    private readonly confirmations: EmailConfirmations,
    private readonly users: UsersService,
  ) {}

  /**
   * Creates the account and signs it in, so the new user lands on the dashboard with the key;
   * an account waiting for its e-mail address to be confirmed signs in only after that link.
   */
  @Serves('POST api/register.php')
  async register(
    @Body() body: RegisterBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegisterResult> {
    const { apiKey, user } = await this.users.register(body, request);
    if (!user) {
      return { success: true, message: 'registration successful, please log in', api_key: apiKey };
    }
    const { user_info } = await this.signIn.complete(request, reply, user);
    return {
      success: true,
      message: 'registration successful, you are signed in',
      api_key: apiKey,
      user_info,
    };
  }

  /**
   * A right password signs in, unless the account has two-factor on (SignIn.requireSecondStep) or
   * waits for its e-mail address (403, and the link goes out again).
   */
  @Serves('POST api/login.php')
  @UseGuards(UserLoginGuard)
  async login(
    @Req() request: LoginRequest<User>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResult> {
    if (request.user.status === USER_STATUS.pendingEmail) {
      await this.confirmations.remind(request, request.user);
    }
    await this.signIn.requireSecondStep(request.user.id);
    return this.signIn.complete(request, reply, request.user);
  }

  @Serves('POST api/login_2fa.php')
  async loginTwoFactor(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: TwoFactorLoginDto,
  ): Promise<LoginResult> {
    const user = await this.twoFactor.finishLogin(body.challenge, body.code, request.ip);
    return this.signIn.complete(request, reply, user, true);
  }

  @Serves('POST api/passkey_login_options.php')
  async passkeyOptions(
    @Req() request: FastifyRequest,
    @Body() body: PasskeyLoginOptionsDto,
  ): Promise<DataEnvelope<WebAuthnJson>> {
    return {
      success: true,
      message: 'ok',
      data: await this.passkeys.loginOptions(request, body.challenge),
    };
  }

  /**
   * A passkey signs in alone (it verified its user), or finishes a password sign-in's second
   * step given that step's `challenge`.
   */
  @Serves('POST api/passkey_login.php')
  async passkeyLogin(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: PasskeyLoginDto,
  ): Promise<LoginResult> {
    const user =
      body.challenge === undefined
        ? await this.passkeys.signIn(request, body.credential)
        : await this.passkeys.finishLogin(request, body.challenge, body.credential);
    return this.signIn.complete(request, reply, user, true);
  }

  @Serves('POST api/user/logout.php')
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.signIn.end(request, reply, 'user');
    return { success: true, message: 'logged out' };
  }

  /** A right password signs in, unless the administrator has two-factor on (401 and a challenge). */
  @Serves('POST api/admin/admin_login.php')
  @UseGuards(AdminLoginGuard)
  async adminLogin(
    @Req() request: LoginRequest<Admin>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DataEnvelope<AdminLoginData>> {
    await this.adminTwoFactor.requireSecondStep(request.user.id);
    return this.adminSession(request, reply, request.user, false);
  }

  @Serves('POST api/admin/admin_login_2fa.php')
  async adminLoginTwoFactor(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: TwoFactorLoginDto,
  ): Promise<DataEnvelope<AdminLoginData>> {
    const admin = await this.adminTwoFactor.finishLogin(body.challenge, body.code, request.ip);
    return this.adminSession(request, reply, admin, true);
  }

  private async adminSession(
    request: FastifyRequest,
    reply: FastifyReply,
    admin: Admin,
    secondFactor: boolean,
  ): Promise<DataEnvelope<AdminLoginData>> {
    await this.signIn.startSession(request, reply, 'admin', admin.id, secondFactor);
    const { setup_required } = await this.adminTwoFactor.status(admin.id);
    return {
      success: true,
      message: 'login successful',
      data: { username: admin.username, two_factor_setup_required: setup_required },
    };
  }

  @Serves('POST api/admin/logout.php')
  async adminLogout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.signIn.end(request, reply, 'admin');
    return { success: true, message: 'logged out' };
  }

  @Serves('POST api/admin/change_password.php')
  @UseGuards(AdminGuard)
  async changeAdminPassword(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Req() request: FastifyRequest,
    @Body() body: ChangePasswordDto,
  ) {
    await this.adminPasswords.change({ adminId, ip }, request, body);
    return { success: true, message: 'password changed; other sessions have been signed out' };
  }
}
