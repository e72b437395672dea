import { Controller, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../sessions';
import { UserListQuery } from './dto/user-list.dto';
import { UsersService } from './users.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class UsersAdminController {
  constructor(private readonly users: UsersService) {}

  @Serves('GET api/admin/get_user_list.php')
  async list(@Query() query: UserListQuery) {
    return { success: true, message: 'ok', data: await this.users.adminList(query) };
  }
}
