import { Body, Controller, HttpCode, Ip, Post, Req, Res, UseGuards } from '@nestjs/common';
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

type LoginRequest<T> = FastifyRequest & { user: T };

@Controller('api')
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    private readonly csrf: CsrfService,
    private readonly keys: ApiKeyService,
    private readonly adminPasswords: AdminPasswordService,
  ) {}

  @Post('login.php')
  @HttpCode(200)
  @UseGuards(UserLoginGuard)
  async login(
    @Req() request: LoginRequest<User>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResult> {
    await this.startSession(request, reply, 'user', request.user.id);
    const apiKey = await this.keys.revealDefault(request.user.id);
    return {
      success: true,
      message: 'login successful',
      user_info: toUserInfo(request.user, apiKey),
    };
  }

  @Post('user/logout.php')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.endSession(request, reply, 'user');
    return { success: true, message: 'logged out' };
  }

  @Post('admin/admin_login.php')
  @HttpCode(200)
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

  @Post('admin/logout.php')
  @HttpCode(200)
  async adminLogout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.endSession(request, reply, 'admin');
    return { success: true, message: 'logged out' };
  }

  @Post('admin/change_password.php')
  @HttpCode(200)
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
  ) {
    await this.sessions.create(request, reply, kind, subjectId);
    await this.csrf.issue(request, reply);
  }

  private async endSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
    await this.sessions.destroy(request, reply, kind);
    await this.csrf.issue(request, reply);
  }
}
