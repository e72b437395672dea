import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { OPENAPI_IMPORT_MAX_BYTES } from '../../contracts/openapi';
import { WEBHOOK_URL_MAX } from '../../contracts/usage';

/**
 * The import's refusals. Their messages are Chinese, as the admin screen that shows them is, and
 * name the problem (where in the document, and the parser's or validator's reason).
 */
export const OpenApiErrors = {
  /** `bytes`: the document's size, when it was read (a body past the route's limit is not). */
  tooLarge: (bytes?: number) =>
    new AppError(
      'openapi.too_large',
      `文档过大：最多 ${OPENAPI_IMPORT_MAX_BYTES / 1_000_000} MB（${OPENAPI_IMPORT_MAX_BYTES} 字节）${
        bytes === undefined ? '' : `，当前 ${bytes} 字节`
      }`,
      HttpStatus.PAYLOAD_TOO_LARGE,
    ),
  invalid: (reason: string) =>
    new AppError('openapi.invalid_document', `OpenAPI 文档无效：${reason}`, HttpStatus.BAD_REQUEST),
  tooSlow: (limitMs: number) =>
    new AppError(
      'openapi.invalid_document',
      `OpenAPI 文档无效：处理超过 ${limitMs / 1000} 秒仍未完成，请简化或拆分文档后再导入`,
      HttpStatus.BAD_REQUEST,
    ),
  tooBig: (heapMb: number) =>
    new AppError(
      'openapi.invalid_document',
      `OpenAPI 文档无效：处理所需内存超过 ${heapMb} MB，请简化或拆分文档后再导入`,
      HttpStatus.BAD_REQUEST,
    ),
  urlInvalid: () =>
    new AppError(
      'openapi.url_invalid',
      `文档网址无效：须为以 https:// 开头、不含用户名和密码、不超过 ${WEBHOOK_URL_MAX} 个字符的公开网址`,
      HttpStatus.BAD_REQUEST,
      {},
      'url',
    ),
  urlPrivate: (url: string) =>
    new AppError(
      'openapi.url_private',
      `文档网址 “${url}” 指向内网、本机或保留地址，出于安全不会访问`,
      HttpStatus.BAD_REQUEST,
      {},
      'url',
    ),
  urlUnreachable: (reason: string) =>
    new AppError(
      'openapi.url_unreachable',
      `无法从该网址获取文档：${reason}`,
      HttpStatus.BAD_REQUEST,
      {},
      'url',
    ),
  remoteRef: (ref: string, at: string) =>
    new AppError(
      'openapi.remote_ref',
      `文档包含外部引用 “${ref}”（位于 ${at}）：只支持文档内部的 #/… 引用，不会下载其他文件或网址`,
      HttpStatus.BAD_REQUEST,
    ),
  refsTooLarge: (ref: string, maxNodes: number, maxDepth: number) =>
    new AppError(
      'openapi.refs_too_large',
      `文档中的 $ref 引用展开后过大（超过 ${maxNodes} 个对象和数组，或嵌套超过 ${maxDepth} 层；最后展开的是 “${ref}”）：请减少层层重复的引用`,
      HttpStatus.BAD_REQUEST,
    ),
  duplicateName: (nameEn: string, first: string, second: string) =>
    new AppError(
      'openapi.duplicate_name',
      `文档中有两个操作对应同一个英文名 “${nameEn}”：${first} 与 ${second}（英文名不区分大小写）`,
      HttpStatus.BAD_REQUEST,
    ),
};
