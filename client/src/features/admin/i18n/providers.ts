/** 第三方登录's texts: the list of sign-in providers and the modal that adds or edits one. */
export const PROVIDERS = {
  title: '第三方登录',
  add: '添加登录方式',
  edit: '编辑登录方式',
  intro:
    '用户可以用这些 OpenID Connect 服务（如 Keycloak、Authing、Google、Microsoft Entra ID、Okta）或 GitHub 登录、关联账户。',
  redirectUri: '在服务方创建应用时，回调地址（Redirect URI）填写：',
  siteUrlFirst: '请先在「网站配置」中设置网站地址，才能生成回调地址。',
  loadFailed: '获取登录方式失败',
  loadNetwork: '请求登录方式接口失败，请稍后再试',
  table: {
    address: '地址',
    linkedUsers: '已关联用户',
    empty: '暂无登录方式。',
  },
  confirmDelete: (name: string, linked: string) => `确定要删除登录方式「${name}」吗？${linked}`,
  linkedUsersLose: (count: number) =>
    `已关联的 ${count} 个用户将不能再用它登录（账户和密码不受影响）。`,
  deleteNetwork: '请求删除接口失败，请稍后再试',
  deleted: '删除成功',
  form: {
    nameHelp: '登录页按钮显示为「使用 名称 登录」。',
    githubAddress: 'GitHub 地址',
    issuerAddress: 'Issuer 地址',
    githubHelp: (url: string) => `github.com 填写 ${url}；GitHub Enterprise Server 填写其地址。`,
    secretKept: '已设置，留空则不修改',
    verifying: '正在验证…',
  },
  fieldErrors: {
    kind: '请选择 OpenID Connect 或 GitHub',
    name: '请填写名称（最多 40 个字符）',
    issuer: '地址须为 http(s) 地址',
    clientId: '请填写 Client ID',
    clientSecret: '请填写 Client Secret',
    enabled: '请选择启用或停用',
  },
  saveFailed: '保存失败',
  saveNetwork: '请求保存接口失败，请稍后再试',
} as const;
