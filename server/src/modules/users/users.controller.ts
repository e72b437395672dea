import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { CurrentUserId, UserGuard } from '../sessions';
import { RegisterBody } from './dto/register.body';
import { UsersService } from './users.service';
import type { RegisterResult } from '../../contracts/users';

@Controller('api')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('register.php')
  @HttpCode(200)
  async register(@Body() body: RegisterBody, @Ip() ip: string): Promise<RegisterResult> {
    const apiKey = await this.users.register(body, ip);
    return { success: true, message: 'registration successful, please log in', api_key: apiKey };
  }

  @Get('user/get_user_info.php')
  @UseGuards(UserGuard)
  async info(@CurrentUserId() userId: number) {
    return { success: true, message: 'ok', data: await this.users.info(userId) };
  }

  @Post('user/change_api_key.php')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async changeApiKey(@CurrentUserId() userId: number) {
    const newApiKey = await this.users.changeApiKey(userId);
    return {
      success: true,
      message: 'API key changed; the old key no longer works',
      data: { new_api_key: newApiKey },
    };
  }
}
