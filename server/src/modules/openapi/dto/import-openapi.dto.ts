import { IsBoolean, IsNotEmpty, IsString } from 'class-validator';
import type { ImportOpenApiBody } from '../../../contracts/openapi';

/** import_openapi.php's body; the document's size and content are checked by the import. */
export class ImportOpenApiDto implements ImportOpenApiBody {
  // With stopAtFirstError the bottom rule runs first.
  @IsNotEmpty({ message: '请粘贴 OpenAPI 文档（JSON 或 YAML 文本）' })
  @IsString({ message: '请粘贴 OpenAPI 文档（JSON 或 YAML 文本）' })
  document: string;

  @IsBoolean({ message: 'dry_run 必须是 true（只预览）或 false（导入）' })
  dry_run: boolean;
}
