import { Body, Controller, Req, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error';
import { Serves } from '../../common/serves';
import type { DataEnvelope } from '../../contracts/envelope';
import type { PasskeyList, PasskeyView, WebAuthnJson } from '../../contracts/passkeys';
import { User } from '../../database/entities';
import { CurrentUserId, UserGuard } from '../sessions';
import { AddPasskeyDto, PasskeyIdDto, PasskeyRegisterOptionsDto } from './dto/passkeys.dto';
import { PasskeysService } from './passkeys.service';

/** The user centre's passkeys (signing in with one is AuthController's passkey_login.php). */
@Controller()
@UseGuards(UserGuard)
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  @Serves('GET api/user/get_passkeys.php')
  async list(@CurrentUserId() userId: number): Promise<DataEnvelope<PasskeyList>> {
    return { success: true, message: 'ok', data: await this.passkeys.list(userId) };
  }

  @Serves('POST api/user/passkey_register_options.php')
  async options(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Body() body: PasskeyRegisterOptionsDto,
  ): Promise<DataEnvelope<WebAuthnJson>> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user || user.status !== 1) {
      throw new AppError('auth.unauthenticated', 'please log in first', 401);
    }
    const data = await this.passkeys.registrationOptions(request, user, body.current_password);
    return { success: true, message: 'ok', data };
  }

  @Serves('POST api/user/add_passkey.php')
  async add(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Body() body: AddPasskeyDto,
  ): Promise<DataEnvelope<PasskeyView>> {
    const data = await this.passkeys.add(request, userId, body.name, body.credential);
    return { success: true, message: 'passkey added', data };
  }

  @Serves('POST api/user/delete_passkey.php')
  async remove(@CurrentUserId() userId: number, @Body() body: PasskeyIdDto) {
    await this.passkeys.remove(userId, body.id);
    return { success: true, message: 'passkey removed' };
  }
}
