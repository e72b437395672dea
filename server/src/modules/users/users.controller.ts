import { Controller, UseGuards } from '@nestjs/common';
import { CurrentUserId, StepUpGuard, UserGuard } from '../sessions';
import { UsersService } from './users.service';
import { Serves } from '../../common/serves';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

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
