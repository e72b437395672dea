import { Body, Controller, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUserId, StepUpGuard, UserGuard } from '../sessions';
import { RegisterBody } from './dto/register.body';
import { UsersService } from './users.service';
import type { RegisterResult } from '../../contracts/users';
import { Serves } from '../../common/serves';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Serves('POST api/register.php')
  async register(
    @Body() body: RegisterBody,
    @Req() request: FastifyRequest,
  ): Promise<RegisterResult> {
    const apiKey = await this.users.register(body, request);
    return { success: true, message: 'registration successful, please log in', api_key: apiKey };
  }

  @Serves('GET api/user/get_user_info.php')
  @UseGuards(UserGuard)
  async info(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.users.info(userId) };
  }

  @Serves('POST api/user/change_api_key.php')
  @UseGuards(UserGuard, StepUpGuard)
  async changeApiKey(@CurrentUserId() userId: number) {
    const newApiKey = await this.users.changeApiKey(userId);
    return {
      success: true,
      message: 'API key changed; the old key no longer works',
      data: { new_api_key: newApiKey },
    };
  }
}
