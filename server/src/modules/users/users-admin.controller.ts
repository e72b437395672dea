import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from '../../database/entities';
import { AdminGuard } from '../auth/auth.guards';
import { toAdminUser, UserListQuery } from './dto/user-list.dto';
import { containsPattern } from '../../common/like';
import { pageInfo } from '../../common/paging';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class UsersAdminController {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** Newest users first; search matches username or email, case-insensitively. */
  @Get('get_user_list.php')
  async list(@Query() query: UserListQuery) {
    const qb = this.users.createQueryBuilder('user');
    const search = query.search?.trim().toLowerCase();
    if (search) {
      qb.where("(user.username_key LIKE :q ESCAPE '!' OR LOWER(user.email) LIKE :q ESCAPE '!')", {
        q: containsPattern(search),
      });
    }
    const [rows, total] = await qb
      .orderBy('user.id', 'DESC')
      .skip((query.page - 1) * query.per_page)
      .take(query.per_page)
      .getManyAndCount();
    return {
      success: true,
      message: 'ok',
      data: {
        users: rows.map(toAdminUser),
        ...pageInfo(total, query),
      },
    };
  }
}
