import { IsBoolean, IsNotEmpty, IsString, ValidateBy } from 'class-validator';
import type { Accepts } from '../../../common/validation';
import type { ImportOpenApiBody, ImportOpenApiUrlBody } from '../../../contracts/openapi';

const PASTE = '请粘贴 OpenAPI 文档（JSON 或 YAML 文本）';
const DRY_RUN = 'dry_run 必须是 true（只预览）或 false（导入）';

/**
 * import_openapi.php's body; the document's size and content are checked by the import. The
 * document is text in the JSON form and the bytes as sent in the other (import-body-limit.ts).
 */
export class ImportOpenApiDto {
  // With stopAtFirstError the bottom rule runs first.
  @IsNotEmpty({ message: PASTE })
  @ValidateBy(
    {
      name: 'isDocument',
      validator: { validate: (value) => typeof value === 'string' || Buffer.isBuffer(value) },
    },
    { message: PASTE },
  )
  document: string | Buffer;

  @IsBoolean({ message: DRY_RUN })
  dry_run: boolean;
}

export type ImportOpenApiDtoReads = Accepts<ImportOpenApiDto, ImportOpenApiBody>;

/** import_openapi_url.php's body; the URL's rules are checked when it is fetched. */
export class ImportOpenApiUrlDto implements ImportOpenApiUrlBody {
  // With stopAtFirstError the bottom rule runs first.
  @IsNotEmpty({ message: '请填写文档网址（https://…）' })
  @IsString({ message: '请填写文档网址（https://…）' })
  url: string;

  @IsBoolean({ message: DRY_RUN })
  dry_run: boolean;
}
