import { Body, Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataEnvelope } from '../../contracts/envelope';
import type { RevokedSessions, SessionList } from '../../contracts/sessions';
import type { SessionKind } from '../../database/entities/session.entity';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import { CsrfService } from '../sessions';
import { RevokeSessionDto } from './dto/session-id.dto';
import { toSessionInfo } from './dto/session.response';
import { UserChangePasswordDto } from './dto/user-change-password.dto';
import { SessionService } from '../sessions';
import { UserPasswordService } from './user-password.service';
import { Serves } from '../../common/serves';

/** The user centre's and the back office's security calls: password and signed-in sessions. */
@Controller()
export class AccountSecurityController {
  constructor(
    private readonly sessions: SessionService,
    private readonly csrf: CsrfService,
    private readonly passwords: UserPasswordService,
  ) {}

  @Serves('POST api/user/change_password.php')
  @UseGuards(UserGuard)
  async changePassword(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Body() body: UserChangePasswordDto,
  ) {
    await this.passwords.change(userId, request, body);
    return { success: true, message: 'password changed; other sessions have been signed out' };
  }

  @Serves('GET api/user/get_sessions.php')
  @UseGuards(UserGuard)
  userSessions(@CurrentUserId() userId: number, @Req() request: FastifyRequest) {
    return this.list(request, 'user', userId);
  }

  @Serves('POST api/user/revoke_session.php')
  @UseGuards(UserGuard)
  revokeUserSession(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: RevokeSessionDto,
  ) {
    return this.revoke(request, reply, 'user', userId, body.id);
  }

  @Serves('POST api/user/revoke_other_sessions.php')
  @UseGuards(UserGuard)
  revokeOtherUserSessions(@CurrentUserId() userId: number, @Req() request: FastifyRequest) {
    return this.revokeOthers(request, 'user', userId);
  }

  @Serves('GET api/admin/get_admin_sessions.php')
  @UseGuards(AdminGuard)
  adminSessions(@CurrentAdminId() adminId: number, @Req() request: FastifyRequest) {
    return this.list(request, 'admin', adminId);
  }

  @Serves('POST api/admin/revoke_admin_session.php')
  @UseGuards(AdminGuard)
  revokeAdminSession(
    @CurrentAdminId() adminId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: RevokeSessionDto,
  ) {
    return this.revoke(request, reply, 'admin', adminId, body.id);
  }

  @Serves('POST api/admin/revoke_other_admin_sessions.php')
  @UseGuards(AdminGuard)
  revokeOtherAdminSessions(@CurrentAdminId() adminId: number, @Req() request: FastifyRequest) {
    return this.revokeOthers(request, 'admin', adminId);
  }

  private async list(
    request: FastifyRequest,
    kind: SessionKind,
    subjectId: number,
  ): Promise<DataEnvelope<SessionList>> {
    const current = await this.sessions.current(request, kind);
    const sessions = (await this.sessions.list(kind, subjectId)).map((session) =>
      toSessionInfo(
        session,
        this.sessions.publicId(session),
        session.token_hash === current?.token_hash,
      ),
    );
    // The request's own session first, then the most recently seen.
    sessions.sort((a, b) => Number(b.current) - Number(a.current));
    return { success: true, message: 'ok', data: { sessions } };
  }

  /** Revoking the request's own session is a sign-out: its cookie goes and a new CSRF token comes. */
  private async revoke(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    subjectId: number,
    id: string,
  ) {
    const current = await this.sessions.current(request, kind);
    const ended = await this.sessions.revoke(kind, subjectId, id);
    if (ended.token_hash === current?.token_hash) {
      await this.sessions.destroy(request, reply, kind);
      await this.csrf.issue(request, reply);
    }
    return { success: true, message: 'session signed out' };
  }

  private async revokeOthers(
    request: FastifyRequest,
    kind: SessionKind,
    subjectId: number,
  ): Promise<DataEnvelope<RevokedSessions>> {
    const revoked = await this.sessions.endOthers(request, kind, subjectId);
    return { success: true, message: 'other sessions signed out', data: { revoked } };
  }
}
