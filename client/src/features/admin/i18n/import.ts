import type { ImportPreview } from '@contracts/openapi';

/** The texts of 导入 OpenAPI: the document's three sources, the preview and its outcome. */
export const IMPORT = {
  title: '导入 OpenAPI',
  back: '返回 API 管理',
  document: 'OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）',
  file: '或上传文件',
  url: '或从网址导入',
  urlHelp: '只访问 https:// 公开网址，不访问内网地址；最多 16 MB。',
  parsing: '解析中...',
  preview: '预览导入',
  empty: '请粘贴、上传 OpenAPI 文档，或填写它的网址',
  chosen: (name: string, bytes: number) =>
    `已选择文件 ${name}（${(bytes / 1_000_000).toFixed(1)} MB），将原样上传；在上方粘贴文档则改用粘贴的内容。`,
  unreadable: '无法读取所选文件',
  failed: '导入失败',
  previewTitle: '导入预览',
  summary: (counts: ImportPreview['counts'], skipped: number) =>
    `新建 ${counts.create} 个，更新 ${counts.update} 个，未变 ${counts.unchanged} 个，跳过 ${skipped} 个`,
  columns: {
    nameEn: '英文名',
    method: '方法',
    upstreamUrl: '上游地址',
    parameters: '参数',
    path: '路径',
  },
  noOperations: '文档中没有可导入的操作。',
  parameterList: (parameters: string[]) => parameters.join('，'),
  actions: { create: '新建', update: '更新', unchanged: '未变' },
  changed: (columns: string[]) => `变更：${columns.join('、')}`,
  /** The API editor's names of the other catalogue columns an import may change. */
  changedColumns: {
    descriptionEn: '英文描述',
    requestMethod: '请求方式',
    requestParams: '请求参数',
    responseParams: '返回参数',
    statusCodes: '状态码',
    responseFormat: '返回格式',
    responseExample: '返回示例',
  },
  skipped: '跳过的操作',
  applying: '导入中...',
  apply: (pending: number) => `确认导入（${pending} 个）`,
  nothingToApply: '没有需要新建或更新的 API',
  applied: (counts: ImportPreview['counts']) =>
    `导入完成：新建 ${counts.create} 个，更新 ${counts.update} 个，未变 ${counts.unchanged} 个。新建的 API 默认禁用且免费，请在 API 管理中定价后启用。`,
} as const;
