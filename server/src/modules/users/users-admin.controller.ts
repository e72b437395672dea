import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../sessions';
import { UserListQuery } from './dto/user-list.dto';
import { UsersService } from './users.service';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class UsersAdminController {
  constructor(private readonly users: UsersService) {}

  @Get('get_user_list.php')
  async list(@Query() query: UserListQuery) {
    return { success: true, message: 'ok', data: await this.users.adminList(query) };
  }
}
