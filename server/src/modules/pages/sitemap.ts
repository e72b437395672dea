import type { DataSource } from 'typeorm';
import { ApiEntry } from '../../database/entities';

/** The sitemap protocol's limit of addresses per file; past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
const STATIC_PATHS = ['/', '/about', '/friends', '/status', '/pricing'];

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const urlset = (urls: { loc: string; lastmod?: string }[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      ({ loc, lastmod }) =>
        `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

/**
 * /sitemap.xml (part 0) and /sitemap-<n>.xml: the static pages and every enabled API page. Up to
 * SITEMAP_MAX_URLS addresses it is one urlset; past that /sitemap.xml is an index of parts of at
 * most SITEMAP_MAX_URLS each (the static pages lead part 1). Null for a part that does not exist.
 */
export async function sitemap(
  dataSource: DataSource,
  base: string,
  part: number,
  perFile = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const apis = dataSource.getRepository(ApiEntry);
  const total = (await apis.countBy({ status: 1 })) + STATIC_PATHS.length;
  const parts = Math.ceil(total / perFile);
  if (part === 0 && parts > 1) {
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...Array.from(
        { length: parts },
        (_, i) => `<sitemap><loc>${xmlEscape(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
      ),
      '</sitemapindex>',
      '',
    ].join('\n');
  }
  const index = part === 0 ? 0 : part - 1;
  if (index >= parts || (part > 0 && parts === 1)) return null;
  const first = index * perFile;
  const statics = index === 0 ? STATIC_PATHS.map((path) => ({ loc: `${base}${path}` })) : [];
  const rows = await apis.find({
    select: { id: true, name_en: true, updated_at: true },
    where: { status: 1 },
    order: { id: 'ASC' },
    skip: Math.max(0, first - STATIC_PATHS.length),
    take: perFile - statics.length,
  });
  return urlset([
    ...statics,
    ...rows.map((api) => ({
      loc: `${base}/api/${api.id}/${encodeURIComponent(api.name_en)}`,
      lastmod: api.updated_at.toISOString().slice(0, 10),
    })),
  ]);
}

/** Crawlers may read the public pages; the admin area, the user centre and the calls are not pages. */
export function robots(base: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /user/',
    'Disallow: /api/admin/',
    'Disallow: /api/user/',
    'Disallow: /apis/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
