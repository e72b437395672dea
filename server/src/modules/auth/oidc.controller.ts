import { Body, Controller, Ip, Query, Req, Res, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Serves } from '../../common/serves';
import type { DataEnvelope } from '../../contracts/envelope';
import type {
  OidcConnectResult,
  OidcIdentityList,
  OidcProviderAdminList,
  OidcProviderAdminView,
  OidcProviderButton,
} from '../../contracts/oidc';
import type { LoginResult } from '../../contracts/users';
import { User } from '../../database/entities';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import {
  OidcConnectDto,
  OidcIdentityIdDto,
  OidcLinkDto,
  OidcProviderIdDto,
  SaveOidcProviderDto,
} from './dto/oidc.dto';
import { OidcProviders } from './oidc-providers.service';
import { OidcSignIn } from './oidc.service';

/** A browser navigation answered with where to go next. */
async function redirect(reply: FastifyReply, location: string): Promise<void> {
  await reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

/** Signing in with a provider: the login page's buttons, the round trip, the link step. */
@Controller()
export class OidcController {
  constructor(
    private readonly providers: OidcProviders,
    private readonly oidc: OidcSignIn,
  ) {}

  @Serves('GET api/oidc_providers.php')
  async buttons(): Promise<DataEnvelope<OidcProviderButton[]>> {
    return { success: true, message: 'ok', data: await this.providers.buttons() };
  }

  /** "Continue with …": off to the provider, or back to the login page saying why not. */
  @Serves('GET api/oidc_login.php')
  async login(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('provider') provider: unknown,
    @Query('return_to') returnTo: unknown,
    @Query('invite') invite: unknown,
  ): Promise<void> {
    let location: string;
    try {
      const id = typeof provider === 'string' && /^\d{1,9}$/.test(provider) ? Number(provider) : 0;
      location = await this.oidc.start(request, reply, id, returnTo, { invite });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      location = this.oidc.failedStart(error, returnTo);
    }
    return redirect(reply, location);
  }

  @Serves('GET api/oidc_callback.php')
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return redirect(reply, await this.oidc.callback(request, reply));
  }

  @Serves('POST api/oidc_link.php')
  link(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: OidcLinkDto,
  ): Promise<LoginResult> {
    return this.oidc.link(request, reply, body.ticket, body.current_password);
  }
}

/** The user centre's linked accounts. */
@Controller()
@UseGuards(UserGuard)
export class OidcIdentitiesController {
  constructor(
    private readonly oidc: OidcSignIn,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  @Serves('GET api/user/get_identities.php')
  async list(@CurrentUserId() userId: number): Promise<DataEnvelope<OidcIdentityList>> {
    return { success: true, message: 'ok', data: await this.oidc.list(userId) };
  }

  /** The provider's address to go to; coming back links its account to this user. */
  @Serves('POST api/user/oidc_connect.php')
  async connect(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: OidcConnectDto,
  ): Promise<DataEnvelope<OidcConnectResult>> {
    const user = await this.users.findOneByOrFail({ id: userId });
    const url = await this.oidc.startConnect(
      request,
      reply,
      user,
      body.provider_id,
      body.current_password,
      body.return_to ?? '',
    );
    return { success: true, message: 'ok', data: { url } };
  }

  @Serves('POST api/user/delete_identity.php')
  async remove(@CurrentUserId() userId: number, @Body() body: OidcIdentityIdDto) {
    await this.oidc.unlink(userId, body.id);
    return { success: true, message: 'linked account removed' };
  }
}

/** 后台「第三方登录」: the providers users may sign in with. */
@Controller()
@UseGuards(AdminGuard)
export class OidcAdminController {
  constructor(private readonly providers: OidcProviders) {}

  @Serves('GET api/admin/get_oidc_providers.php')
  async list(@Req() request: FastifyRequest): Promise<DataEnvelope<OidcProviderAdminList>> {
    return { success: true, message: 'ok', data: await this.providers.adminList(request) };
  }

  @Serves('POST api/admin/save_oidc_provider.php')
  async save(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: SaveOidcProviderDto,
  ): Promise<DataEnvelope<OidcProviderAdminView>> {
    const data = await this.providers.save({ adminId, ip }, body);
    return { success: true, message: '保存成功', data };
  }

  @Serves('POST api/admin/delete_oidc_provider.php')
  async remove(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: OidcProviderIdDto,
  ) {
    await this.providers.remove({ adminId, ip }, body.id);
    return { success: true, message: '删除成功' };
  }
}
