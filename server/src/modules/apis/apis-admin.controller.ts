import { Body, Controller, Ip, Query, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { ApisAdminService } from './apis-admin.service';
import { AdminApiListQuery, ApiFlagsDto, ApiIdsDto } from './dto/admin-api-list.dto';
import { ApiIdDto, SaveApiDto, UpdateApiDto } from './dto/save-api.dto';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class ApisAdminController {
  constructor(private readonly apis: ApisAdminService) {}

  /** API management's list: every API, disabled too (the public list is the visitor's view). */
  @Serves('GET api/admin/get_api_list.php')
  async list(@Query() query: AdminApiListQuery) {
    return { success: true, message: 'ok', ...(await this.apis.list(query)) };
  }

  /** The edit page's source: any API, disabled too, with its handler and upstream settings. */
  @Serves('GET api/admin/get_api.php')
  async get(@Query() query: ApiIdDto) {
    return { success: true, message: 'ok', data: await this.apis.get(query.id) };
  }

  @Serves('POST api/admin/create_api.php')
  async create(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveApiDto) {
    const data = await this.apis.create({ adminId, ip }, body);
    return { success: true, message: 'API created', data };
  }

  @Serves('POST api/admin/update_api.php')
  async update(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: UpdateApiDto) {
    const data = await this.apis.update({ adminId, ip }, body);
    return { success: true, message: 'API updated', data };
  }

  @Serves('POST api/admin/update_api_flags.php')
  async flags(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: ApiFlagsDto) {
    const updated = await this.apis.setFlags({ adminId, ip }, body);
    return { success: true, message: 'APIs updated', data: { updated } };
  }

  @Serves('POST api/admin/delete_api.php')
  async remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: ApiIdDto) {
    await this.apis.remove({ adminId, ip }, [body.id]);
    return { success: true, message: 'API deleted' };
  }

  @Serves('POST api/admin/delete_apis.php')
  async removeMany(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: ApiIdsDto) {
    const deleted = await this.apis.remove({ adminId, ip }, body.ids);
    return { success: true, message: 'APIs deleted', data: { deleted } };
  }
}
