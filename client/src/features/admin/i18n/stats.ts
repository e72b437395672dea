/** The texts of 访问统计: the list of APIs by calls, one API's daily calls and the chart. */
export const STATS = {
  list: {
    title: '访问统计',
    search: '搜索 API 名称...',
    sorts: { callsDesc: '总调用次数从高到低', id: '按 ID', callsAsc: '总调用次数从低到高' },
    failed: '获取统计数据失败',
    network: '加载统计数据时出错',
    apiName: 'API 名称',
    totalCalls: '总调用次数',
    empty: '暂无匹配的统计数据',
    details: '查看详情',
  },
  detail: {
    title: 'API 每日调用详情',
    back: '返回统计列表',
    invalidId: '无效的API ID',
    failed: '获取API详细统计数据失败',
    network: '加载API详细统计数据时出错',
    notFound: '未找到指定的API统计数据',
    unknownApi: '未知API',
    chart: '近 30 天每日调用',
    chartLabel: (name: string) => `${name} 近 30 天每日调用次数`,
    calls: '调用次数',
    empty: '暂无每日调用统计数据。',
  },
  chart: {
    label: '近 30 天各 API 每日调用次数',
    empty: '近 30 天暂无调用数据。',
  },
} as const;
