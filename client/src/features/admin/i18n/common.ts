/**
 * The admin area's texts that many screens share. The admin area is Chinese only (SPEC.md §5):
 * each area keeps its own texts in a file of this folder (`i18n/<area>.ts`, one `as const`
 * object, functions for texts with values), so a screen holds no text of its own and a missing
 * key fails the typecheck.
 */
export const COMMON = {
  actions: '操作',
  loading: '加载中...',
  name: '名称',
  description: '描述',
  link: '链接',
  status: '状态',
  sortOrder: '排序',
  type: '类型',
  date: '日期',
  reason: '原因',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  none: '无',
  add: '添加',
  edit: '编辑',
  delete: '删除',
  save: '保存',
  saving: '保存中...',
  saved: '保存成功',
  cancel: '取消',
  close: '关闭',
  confirm: '确定',
  enabled: '启用',
  disabled: '禁用',
  enable: '启用',
  disable: '停用',
  success: '成功',
  failed: '失败',
  yes: '是',
  no: '否',
} as const;
