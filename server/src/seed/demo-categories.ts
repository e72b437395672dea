import { EntityManager, In } from 'typeorm';
import { ApiCategory, ApiEntry, Category } from '../database/entities';

/** The demo catalogue's categories, in chip order, each with the demo APIs (by name_en) in it. */
export const DEMO_CATEGORIES: readonly {
  name: string;
  name_en: string;
  slug: string;
  apis: readonly string[];
}[] = [
  {
    name: '网络工具',
    name_en: 'Network',
    slug: 'network',
    apis: ['ip', 'ip-cidr', 'user-agent', 'email-check', 'urlencode'],
  },
  {
    name: '日期时间',
    name_en: 'Date & time',
    slug: 'date-time',
    apis: ['time', 'timestamp', 'date-diff', 'zodiac'],
  },
  {
    name: '编码加密',
    name_en: 'Encoding & hashing',
    slug: 'encoding',
    apis: ['hash', 'base64', 'urlencode', 'html-escape', 'hex', 'crc32', 'jwt-decode'],
  },
  {
    name: '文本处理',
    name_en: 'Text',
    slug: 'text',
    apis: [
      'json-format',
      'regex-test',
      'slugify',
      'case-convert',
      'text-stats',
      'text-diff',
      'lorem',
    ],
  },
  {
    name: '数字换算',
    name_en: 'Numbers & units',
    slug: 'numbers',
    apis: ['roman', 'number-words', 'rmb-upper', 'unit-convert', 'prime', 'luhn', 'color'],
  },
  {
    name: '随机生成',
    name_en: 'Random',
    slug: 'random',
    apis: ['uuid', 'random', 'password', 'dice', 'coin', 'name', 'lorem'],
  },
  {
    name: '图片',
    name_en: 'Images',
    slug: 'images',
    apis: ['qrcode'],
  },
  {
    name: '趣味',
    name_en: 'Fun',
    slug: 'fun',
    apis: ['quote', 'joke', 'dice', 'coin', 'zodiac'],
  },
];

/** Writes the demo categories and links them to the demo APIs already inserted. */
export async function seedDemoCategories(manager: EntityManager): Promise<void> {
  const apis = await manager.find(ApiEntry, {
    select: { id: true, name_en: true },
    where: { name_en: In(DEMO_CATEGORIES.flatMap((category) => category.apis)) },
  });
  const apiIds = new Map(apis.map((api) => [api.name_en, api.id]));
  for (const [index, { apis: names, ...category }] of DEMO_CATEGORIES.entries()) {
    const saved = await manager.save(Category, { ...category, sort_order: (index + 1) * 10 });
    const links = names
      .filter((name) => apiIds.has(name))
      .map((name) => ({ api_id: apiIds.get(name)!, category_id: saved.id }));
    if (links.length > 0) await manager.insert(ApiCategory, links);
  }
}
