import { Body, Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '../auth/auth.guards';
import { ApisAdminService } from './apis-admin.service';
import { ApiIdDto, SaveApiDto, UpdateApiDto } from './dto/save-api.dto';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class ApisAdminController {
  constructor(private readonly apis: ApisAdminService) {}

  /** The edit page's source: any API, disabled too, with its handler and upstream settings. */
  @Get('get_api.php')
  async get(@Query() query: ApiIdDto) {
    return { success: true, message: 'ok', data: await this.apis.get(query.id) };
  }

  @Post('create_api.php')
  async create(@Body() body: SaveApiDto) {
    return { success: true, message: 'API created', data: await this.apis.create(body) };
  }

  @Post('update_api.php')
  async update(@Body() body: UpdateApiDto) {
    return { success: true, message: 'API updated', data: await this.apis.update(body) };
  }

  @Post('delete_api.php')
  async remove(@Body() body: ApiIdDto) {
    await this.apis.remove(body.id);
    return { success: true, message: 'API deleted' };
  }
}
