import { Body, Controller, Ip, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentAdminId } from '../sessions';
import { importMessage } from './dto/import-preview.response';
import { ImportOpenApiDto, ImportOpenApiUrlDto } from './dto/import-openapi.dto';
import { OpenApiImportService } from './openapi-import.service';
import { Serves } from '../../common/serves';

@Controller()
@UseGuards(AdminGuard)
export class OpenApiAdminController {
  constructor(private readonly imports: OpenApiImportService) {}

  /** Preview (dry_run) or apply an OpenAPI document; the XSRF header is needed like every write. */
  @Serves('POST api/admin/import_openapi.php')
  async import(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: ImportOpenApiDto,
  ) {
    const data = await this.imports.import({ adminId, ip }, body.document, body.dry_run);
    return { success: true, message: importMessage(data), data };
  }

  /** The same for a document at a public https:// URL, fetched under the webhooks' rules. */
  @Serves('POST api/admin/import_openapi_url.php')
  async importFromUrl(
    @CurrentAdminId() adminId: number,
    @Ip() ip: string,
    @Body() body: ImportOpenApiUrlDto,
  ) {
    const data = await this.imports.importFrom({ adminId, ip }, body.url, body.dry_run);
    return { success: true, message: importMessage(data), data };
  }
}
