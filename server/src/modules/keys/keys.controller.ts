import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import type { DataEnvelope } from '../../contracts/envelope';
import type {
  ApiKeyList,
  ApiKeyView,
  CreatedApiKey,
  RevealedUserKey,
} from '../../contracts/api-keys';
import { AdminGuard, CurrentAdminId, CurrentUserId, StepUpGuard, UserGuard } from '../sessions';
import { CreateKeyBody, KeyIdBody, UpdateKeyBody, UserIdBody } from './dto/key-settings.dto';
import { KeysService } from './keys.service';
import { Serves } from '../../common/serves';

/** A user's own keys (writes need X-XSRF-TOKEN like every write, through the global guard). */
@Controller()
@UseGuards(UserGuard)
export class KeysController {
  constructor(private readonly keys: KeysService) {}

  @Serves('GET api/user/get_api_keys.php')
  async list(@CurrentUserId() userId: number): Promise<DataEnvelope<ApiKeyList>> {
    return { success: true, message: 'ok', data: await this.keys.list(userId) };
  }

  @Serves('POST api/user/create_api_key.php')
  @UseGuards(StepUpGuard)
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

  @Serves('POST api/user/update_api_key.php')
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

  @Serves('POST api/user/revoke_api_key.php')
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
@Controller()
@UseGuards(AdminGuard)
export class KeysAdminController {
  constructor(private readonly keys: KeysService) {}

  @Serves('POST api/admin/reveal_user_api_key.php')
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
