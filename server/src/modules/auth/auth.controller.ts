import { Body, Controller, HttpStatus, Ip, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admin, User } from '../../database/entities';
import type { SessionKind } from '../../database/entities/session.entity';
import { toUserInfo } from '../users';
import { AdminPasswordService } from './admin-password.service';
import { ApiKeyService } from '../keys';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { ChangePasswordDto } from './dto/change-password.dto';
import { CsrfService } from '../sessions';
import { AdminLoginGuard, UserLoginGuard } from './strategies/local.strategies';
import { SessionService } from '../sessions';
import type { LoginResult } from '../../contracts/users';
import { AppError } from '../../common/app-error';
import { Serves } from '../../common/serves';
import { PasskeyLoginDto, PasskeyLoginOptionsDto } from './dto/passkeys.dto';
import { TwoFactorLoginDto } from './dto/two-factor.dto';
import { NewDeviceNotices } from './new-device-notices';
import { PasskeysService } from './passkeys.service';
import { TwoFactorService } from './two-factor.service';
import type { DataEnvelope } from '../../contracts/envelope';
import type { WebAuthnJson } from '../../contracts/passkeys';

type LoginRequest<T> = FastifyRequest & { user: T };

@Controller()
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    private readonly csrf: CsrfService,
    private readonly keys: ApiKeyService,
    private readonly adminPasswords: AdminPasswordService,
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeysService,
    private readonly newDevices: NewDeviceNotices,
  ) {}

  /**
   * A right password signs in, unless the account has two-factor on: then the answer is 401
   * `auth.two_factor_required` with a `challenge` that login_2fa.php finishes with a code (or
   * passkey_login.php with a passkey, when `passkeys` says the account has one).
   */
  @Serves('POST api/login.php')
  @UseGuards(UserLoginGuard)
  async login(
    @Req() request: LoginRequest<User>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResult> {
    if (await this.twoFactor.enabled(request.user.id)) {
      const challenge = await this.twoFactor.challenge(request.user.id);
      throw new AppError(
        'auth.two_factor_required',
        'enter the code from your authenticator app',
        HttpStatus.UNAUTHORIZED,
        {},
        undefined,
        { challenge, passkeys: await this.passkeys.has(request.user.id) },
      );
    }
    return this.signIn(request, reply, request.user);
  }

  @Serves('POST api/login_2fa.php')
  async loginTwoFactor(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: TwoFactorLoginDto,
  ): Promise<LoginResult> {
    const user = await this.twoFactor.finishLogin(body.challenge, body.code, request.ip);
    return this.signIn(request, reply, user, true);
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
    return this.signIn(request, reply, user, true);
  }

  /** `secondFactor`: the sign-in proved more than the password (a code or a passkey). */
  private async signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    secondFactor = false,
  ): Promise<LoginResult> {
    await this.startSession(request, reply, 'user', user.id, secondFactor);
    await this.newDevices.signedIn(request, reply, user);
    const apiKey = await this.keys.revealDefault(user.id);
    return { success: true, message: 'login successful', user_info: toUserInfo(user, apiKey) };
  }

  @Serves('POST api/user/logout.php')
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.endSession(request, reply, 'user');
    return { success: true, message: 'logged out' };
  }

  @Serves('POST api/admin/admin_login.php')
  @UseGuards(AdminLoginGuard)
  async adminLogin(
    @Req() request: LoginRequest<Admin>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.startSession(request, reply, 'admin', request.user.id);
    return {
      success: true,
      message: 'login successful',
      data: { username: request.user.username },
    };
  }

  @Serves('POST api/admin/logout.php')
  async adminLogout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.endSession(request, reply, 'admin');
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

  /** A new session means a new CSRF token: the old one was bound to the previous sessions. */
  private async startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    subjectId: number,
    secondFactor = false,
  ) {
    await this.sessions.create(request, reply, kind, subjectId, secondFactor);
    await this.csrf.issue(request, reply);
  }

  private async endSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
    await this.sessions.destroy(request, reply, kind);
    await this.csrf.issue(request, reply);
  }
}
