import { Body, Controller, Ip, Query, UseGuards } from '@nestjs/common';
import { Serves } from '../../common/serves';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { ApiIdDto } from './dto/api-id.dto';
import { SaveProbeDto } from './dto/save-probe.dto';
import { ProbesAdminService } from './probes-admin.service';

/** The API editor's probe card: an API's probe, its last run, and running it now. */
@Controller()
@UseGuards(AdminGuard)
export class ProbesAdminController {
  constructor(private readonly probes: ProbesAdminService) {}

  /** `data` is null for an API without a probe. */
  @Serves('GET api/admin/get_api_probe.php')
  async get(@Query() query: ApiIdDto) {
    return { success: true, message: 'ok', data: await this.probes.get(query.id) };
  }

  @Serves('POST api/admin/save_api_probe.php')
  async save(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: SaveProbeDto) {
    const data = await this.probes.save({ adminId, ip }, body);
    return { success: true, message: 'probe saved', data };
  }

  @Serves('POST api/admin/delete_api_probe.php')
  async remove(@CurrentAdminId() adminId: number, @Ip() ip: string, @Body() body: ApiIdDto) {
    await this.probes.remove({ adminId, ip }, body.id);
    return { success: true, message: 'probe removed' };
  }

  /** Runs the probe at once: what it got is in `data` (last_status, last_ms, last_error). */
  @Serves('POST api/admin/run_api_probe.php')
  async run(@Body() body: ApiIdDto) {
    return { success: true, message: 'probe ran', data: await this.probes.runNow(body.id) };
  }
}
