import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { OPENAPI_IMPORT_MAX_BYTES } from '../../contracts/openapi';

/**
 * The import's refusals. Their messages are Chinese, as the admin screen that shows them is, and
 * name the problem (where in the document, and the parser's or validator's reason).
 */
export const OpenApiErrors = {
  tooLarge: (bytes: number) =>
    new AppError(
      'openapi.too_large',
      `文档过大：最多 ${OPENAPI_IMPORT_MAX_BYTES / 1_000_000} MB，当前 ${(bytes / 1_000_000).toFixed(2)} MB`,
      HttpStatus.PAYLOAD_TOO_LARGE,
    ),
  invalid: (reason: string) =>
    new AppError('openapi.invalid_document', `OpenAPI 文档无效：${reason}`, HttpStatus.BAD_REQUEST),
  remoteRef: (ref: string, at: string) =>
    new AppError(
      'openapi.remote_ref',
      `文档包含外部引用 “${ref}”（位于 ${at}）：只支持文档内部的 #/… 引用，不会下载其他文件或网址`,
      HttpStatus.BAD_REQUEST,
    ),
  circularRef: (at: string) =>
    new AppError(
      'openapi.circular_ref',
      `文档中的 $ref 引用形成了循环（位于 ${at}），无法导入`,
      HttpStatus.BAD_REQUEST,
    ),
  duplicateName: (nameEn: string, first: string, second: string) =>
    new AppError(
      'openapi.duplicate_name',
      `文档中有两个操作对应同一个英文名 “${nameEn}”：${first} 与 ${second}（英文名不区分大小写）`,
      HttpStatus.BAD_REQUEST,
    ),
};
