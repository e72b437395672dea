/**
 * The content screens' texts (合作伙伴, 广告管理, 侧边栏链接, 友链管理, 分类管理), those of the
 * record editor they share, and those of the small parts many admin screens use.
 */
export const CONTENT = {
  /** The record editor's words, made from the screen's noun where a screen has no own ones. */
  records: {
    empty: (noun: string) => `暂无${noun}。`,
    loadFailed: (noun: string) => `获取${noun}列表失败`,
    confirmDelete: (noun: string) => `确定要删除此${noun}吗？`,
    added: '添加成功',
    updated: '更新成功',
    deleted: '删除成功',
  },
  /** Labels several content forms share. */
  fields: {
    title: '标题',
    titleEn: '英文标题（可选，英文页面显示）',
    descriptionEn: '英文描述（可选）',
    sortOrder: '排序（小的在前）',
    sitePathOrUrl: 'https:// 或 /站内路径',
  },
  partners: {
    title: '合作伙伴',
    noun: '合作伙伴',
    website: '网站',
    nameEn: '英文名称（可选，英文页面显示）',
    logoUrl: 'Logo 链接',
    websiteUrl: '网站链接',
    nameEnTooLong: '英文名称过长（最多 100 个字符）',
  },
  ads: {
    title: '广告管理',
    noun: '广告',
    image: '图片',
    imageUrl: '图片链接',
    linkUrl: '跳转链接',
  },
  sidebarLinks: {
    pageTitle: '侧边栏',
    title: '侧边栏链接',
    noun: '链接',
    urlPlaceholder: '/站内路径 或 https://',
    target: '打开方式',
    newTab: '新标签页',
    sameTab: '当前页',
    sameTabOption: '当前页 (_self)',
    newTabOption: '新标签页 (_blank)',
  },
  friendLinks: {
    title: '友链管理',
    noun: '友链',
    empty: '暂无友链信息。',
    loadNetwork: '请求友链列表接口失败，请稍后再试',
    avatar: '头像',
    avatarUrl: '头像链接',
    avatarPlaceholder: 'https:// 或 /站内路径（可选）',
    descriptionEn: '英文描述（可选，英文页面显示）',
    sortOrderInvalid: '排序必须是数字',
    saveFailed: '操作失败',
    saveNetwork: '请求保存友链接口失败，请稍后再试',
    /** Said in the form when the server's answer has no message. */
    saved: '操作成功',
    deleteFailed: '友链删除失败',
    deleteNetwork: '请求删除友链接口失败，请稍后再试',
    deleted: '友链删除成功',
  },
  categories: {
    title: '分类管理',
    noun: '分类',
    back: '← 返回 API管理',
    nameEn: '英文名称',
    slug: '标识',
    apiCount: 'API 数',
    nameEnField: '英文名称（英文站点显示）',
    slugField: '标识（网址中使用，如 date-time）',
    nameRefused: '分类名称不能为空，最多 50 个字符',
    nameEnRefused: '英文名称不能为空，最多 50 个字符',
  },
  errorSummary: (count: number) => `未能保存，请修改以下 ${count} 处：`,
  confirmTitle: '请确认',
  clearSearch: '清除',
  pagination: {
    label: '分页',
    previous: '上一页',
    next: '下一页',
  },
} as const;
