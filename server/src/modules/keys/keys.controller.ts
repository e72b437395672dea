import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import type { DataEnvelope } from '../../contracts/envelope';
import type {
  ApiKeyList,
  ApiKeyView,
  CreatedApiKey,
  RevealedUserKey,
} from '../../contracts/api-keys';
import { AdminGuard, CurrentAdminId, CurrentUserId, UserGuard } from '../sessions';
import { CreateKeyBody, KeyIdBody, UpdateKeyBody, UserIdBody } from './dto/key-settings.dto';
import { KeysService } from './keys.service';

/** A user's own keys (writes need X-XSRF-TOKEN like every write, through the global guard). */
@Controller('api/user')
@UseGuards(UserGuard)
export class KeysController {
  constructor(private readonly keys: KeysService) {}

  @Get('get_api_keys.php')
  async list(@CurrentUserId() userId: number): Promise<DataEnvelope<ApiKeyList>> {
    return { success: true, message: 'ok', data: await this.keys.list(userId) };
  }

  @Post('create_api_key.php')
  @HttpCode(200)
  async create(
    @CurrentUserId() userId: number,
    @Body() body: CreateKeyBody,
  ): Promise<DataEnvelope<CreatedApiKey>> {
    return {
      success: true,
      message: 'API key created; copy the secret now, it is not shown again',
      data: await this.keys.create(userId, body),
    };
  }

  @Post('update_api_key.php')
  @HttpCode(200)
  async update(
    @CurrentUserId() userId: number,
    @Body() body: UpdateKeyBody,
  ): Promise<DataEnvelope<ApiKeyView>> {
    return {
      success: true,
      message: 'API key updated',
      data: await this.keys.update(userId, body),
    };
  }

  @Post('revoke_api_key.php')
  @HttpCode(200)
  async revoke(
    @CurrentUserId() userId: number,
    @Body() body: KeyIdBody,
  ): Promise<DataEnvelope<ApiKeyView>> {
    return {
      success: true,
      message: 'API key revoked; it no longer works',
      data: await this.keys.revoke(userId, body.id),
    };
  }
}

/** The admin's reveal of a user's full default key (SPEC §2's API key column), audited. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class KeysAdminController {
  constructor(private readonly keys: KeysService) {}

  @Post('reveal_user_api_key.php')
  @HttpCode(200)
  async reveal(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: UserIdBody,
  ): Promise<DataEnvelope<RevealedUserKey>> {
    return {
      success: true,
      message: 'ok',
      data: await this.keys.revealForAdmin({ adminId, ip }, body.user_id),
    };
  }
}
