import { existsSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ContentEvents } from '../src/common/content-events';
import { ApiEntry, SiteConfig } from '../src/database/entities';
import { sitemap } from '../src/modules/pages/sitemap';
import { startTestApp, TestApp } from './harness';

const CLIENT_DIST = join(__dirname, '../../client/dist');
const built = existsSync(join(CLIENT_DIST, '../dist-ssr/entry-server.cjs'));

/** Server-rendered pages, read as a search engine or a browser without JavaScript reads them. */
(built ? describe : describe.skip)('server-rendered pages', () => {
  let t: TestApp;
  let ip: ApiEntry;
  const page = async (path: string, cookie?: string) => {
    const res = await fetch(`${t.baseUrl}${path}`, cookie ? { headers: { cookie } } : {});
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const changed = () => t.app.get(ContentEvents).changed('apis');

  beforeAll(async () => {
    t = await startTestApp('sqlite', { CLIENT_DIST, SEED_DEMO: 'true' });
    ip = await t.dataSource.getRepository(ApiEntry).findOneByOrFail({ name_en: 'ip' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders the home page with the API list, its title, description and canonical', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Home - Portico API</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${t.baseUrl}/" />`);
    expect(html).toContain('<meta property="og:title" content="Home - Portico API" />');
    expect(html).toContain('IP lookup');
    expect(html).toContain(`href="/api/${ip.id}/ip"`);
    expect(html).toMatch(/<script type="application\/json" id="portico-state" nonce="[^"]+">/);
  });

  it('renders the home page in its category and sort, chips and answers embedded', async () => {
    const qr = await t.dataSource.getRepository(ApiEntry).findOneByOrFail({ name_en: 'qrcode' });
    const { status, html } = await page('/?category=images&sort=price&page=1');
    expect(status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${t.baseUrl}/?category=images" />`);
    expect(html).toContain(`href="/api/${qr.id}/qrcode"`);
    expect(html).not.toContain(`href="/api/${ip.id}/ip"`);
    expect(html).toMatch(/aria-pressed="true">Images<\/button>/);
    expect(html).toMatch(/<option value="price" selected="">Lowest price<\/option>/);
    const state = JSON.parse(/id="portico-state" nonce="[^"]+">(.*?)<\/script>/.exec(html)![1]);
    expect(Object.keys(state.api.queries)).toEqual(
      expect.arrayContaining([
        'getCategories(undefined)',
        'getApiList({"category":"images","is_paid":1,"page":1,"per_page":12,"sort":"price"})',
        'getApiList({"category":"images","is_paid":0,"page":1,"per_page":48,"sort":"price"})',
      ]),
    );
  });

  it('pages the paid list by 12 in paid_page, apart from the free list', async () => {
    const apis = t.dataSource.getRepository(ApiEntry);
    const paid = await apis.findOneByOrFail({ name_en: 'rmb-upper' });
    const copies = await apis.save(
      Array.from({ length: 15 }, (_, n) => ({
        ...paid,
        id: undefined,
        name: `${paid.name} ${n}`,
        name_en: `rmb-upper-${n}`,
        title_en: `${paid.title_en} ${n}`,
      })),
    );
    changed();
    try {
      const total = await apis.countBy({ is_paid: 1, status: 1 });
      const paidCards = (html: string) => {
        const section = html.slice(html.indexOf('id="paid-apis-heading"'));
        return section.slice(0, section.indexOf('</section>')).match(/<li class="col-12/g)!.length;
      };
      const first = await page('/');
      expect(paidCards(first.html)).toBe(12);
      expect(first.html).toMatch(new RegExp(`Paid APIs<span[^>]*>\\((<!-- -->)?${total}\\D`));
      expect(first.html).toContain('aria-label="Paid API pages"');
      const second = await page('/?paid_page=2&page=1');
      expect(paidCards(second.html)).toBe(total - 12);
      expect(second.html).toContain(`<link rel="canonical" href="${t.baseUrl}/" />`);
      const state = JSON.parse(
        /id="portico-state" nonce="[^"]+">(.*?)<\/script>/.exec(second.html)![1],
      );
      expect(Object.keys(state.api.queries)).toEqual(
        expect.arrayContaining([
          'getApiList({"is_paid":1,"page":2,"per_page":12})',
          'getApiList({"is_paid":0,"page":1,"per_page":48})',
        ]),
      );
    } finally {
      await apis.remove(copies);
      changed();
    }
  });

  it("renders an API's documentation with WebAPI JSON-LD", async () => {
    const { status, html } = await page(`/api/${ip.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>IP lookup - Portico API</title>');
    expect(html).toContain(`<link rel="canonical" href="${t.baseUrl}/api/${ip.id}/ip" />`);
    expect(html).toContain('Request parameters');
    expect(html).toContain('Response example');
    const jsonLd = /<script type="application\/ld\+json" nonce="[^"]+">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(jsonLd![1])).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebAPI',
      name: 'IP lookup',
      documentation: `${t.baseUrl}/api/${ip.id}/ip`,
    });
  });

  it('renders the language the cookie chose', async () => {
    const { html } = await page(`/api/${ip.id}/ip`, 'lang=zh');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<title>IP 查询 - Portico API</title>');
    expect(html).toContain('请求参数');
  });

  it('renders the theme the cookie chose on <html>, and none for the system theme', async () => {
    expect((await page('/about', 'theme=dark')).html).toContain(
      '<html lang="en" data-bs-theme="dark">',
    );
    expect((await page('/about', 'lang=zh; theme=light')).html).toContain(
      '<html lang="zh-CN" data-bs-theme="light">',
    );
    // The client-rendered pages (the user centre) get it too.
    expect((await page('/user/dashboard', 'theme=dark')).html).toContain(
      '<html lang="en" data-bs-theme="dark">',
    );
    for (const cookie of [undefined, 'theme=system', 'theme=%22%3E%3Cscript%3E']) {
      const { html } = await page('/about', cookie);
      expect(html).toContain('<html lang="en">');
      expect(html).not.toContain('data-bs-theme');
    }
  });

  /** The chunk names in a page's template of modules to fetch once it has painted. */
  const deferredModules = (html: string) => {
    const template = /<template id="portico-modules">(.*?)<\/template>/s.exec(html)?.[1] ?? '';
    return [
      ...template.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([A-Za-z]+)-/g),
    ].map((m) => m[1]);
  };

  it("lists the app and the page's on-demand module for after the first paint", async () => {
    const api = deferredModules((await page(`/api/${ip.id}/ip`)).html);
    expect(api).toEqual(expect.arrayContaining(['boot', 'ApiDetailPage']));
    expect(deferredModules((await page('/login')).html)).toEqual(
      expect.arrayContaining(['boot', 'LoginPage']),
    );
    const home = deferredModules((await page('/')).html);
    expect(home).toContain('boot');
    expect(home).not.toContain('ApiDetailPage');
  });

  it('fetches only the stylesheet and a small low-priority entry before a rendered page paints', async () => {
    for (const path of ['/', `/api/${ip.id}/ip`, '/login']) {
      const { html } = await page(path);
      const outside = html.replace(/<template id="portico-modules">.*?<\/template>/s, '');
      const scripts =
        outside.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
      expect(outside).not.toMatch(/boot-|[A-Za-z]+Page-/);
      expect(outside).toMatch(/<link rel="stylesheet"(?![^>]*fetchpriority)[^>]*>/);
      // Its first script holds submits until the app has taken the page over.
      expect(html.indexOf("addEventListener('submit'")).toBeLessThan(html.indexOf('<body>'));
      expect(html).toMatch(/<script nonce="[^"]+">document\.addEventListener\('submit'/);
    }
    // A route the browser renders has nothing to paint first: its app modules load with it, at
    // the browser's usual priority.
    const shell = (await page('/user/dashboard')).html;
    expect(shell).not.toContain('portico-modules');
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/boot-/);
    expect(shell).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    expect(shell).not.toContain('fetchpriority');
    expect(shell).not.toContain("addEventListener('submit'");
  });

  it('sends pages compressed in the encoding the browser accepts', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${t.baseUrl}/`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const [br, gz, none] = await Promise.all([
      raw('gzip, deflate, br'),
      raw('gzip;q=1, br;q=0'),
      raw('identity'),
    ]);
    expect([br, gz, none].map((r) => r.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(none.body.length / 3);
    for (const html of [brotliDecompressSync(br.body), gunzipSync(gz.body), none.body]) {
      expect(html.toString()).toContain('<title>Home - Portico API</title>');
    }
  });

  it('answers unknown paths and missing or disabled APIs with 404 and the not-found page', async () => {
    for (const path of ['/no/such/page', '/api/999999', '/api/no-such-api']) {
      const { status, headers, html } = await page(path);
      expect([path, status]).toEqual([path, 404]);
      expect(headers.get('content-type')).toContain('text/html');
      expect(html).toContain('<title>Page not found - Portico API</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
    await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 0 });
    changed();
    try {
      expect((await page(`/api/${ip.id}/ip`)).status).toBe(404);
    } finally {
      await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 1 });
      changed();
    }
  });

  it('gives every response its own nonce and no inline script without it', async () => {
    const [a, b] = [await page('/'), await page('/')];
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    const nonce = nonceOf(a.headers.get('content-security-policy'));
    expect(nonce).toBeTruthy();
    expect(nonceOf(b.headers.get('content-security-policy'))).not.toBe(nonce);
    expect(a.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const tag of a.html.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag.includes(' src=') || tag.includes(`nonce="${nonce}"`)).toBe(true);
    }
  });

  it("renders home's notice, hidden until its script has checked the session, on home only", async () => {
    const { headers, html } = await page('/');
    const nonce = /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')![1];
    const notice =
      /<div id="portico-notice" hidden="">.*?<\/div><\/div><\/div><\/div><\/div>/s.exec(html)?.[0];
    expect(notice).toContain('role="dialog"');
    expect(notice).toContain('Site announcement');
    expect(notice).toContain('Welcome to Portico');
    expect(html.indexOf('id="portico-notice"')).toBeGreaterThan(html.indexOf('id="root"'));
    expect(html).toContain(
      `<script nonce="${nonce}">(function(){var n=document.getElementById('portico-notice')`,
    );
    expect((await page('/about')).html).not.toContain('portico-notice');

    const configs = t.dataSource.getRepository(SiteConfig);
    const [config] = await configs.find();
    await configs.update(config.id, { home_notice: '  ' });
    t.app.get(ContentEvents).changed('config');
    try {
      expect((await page('/')).html).not.toContain('portico-notice');
    } finally {
      await configs.update(config.id, { home_notice: config.home_notice });
      t.app.get(ContentEvents).changed('config');
    }
  });

  it('injects the analytics snippet under the nonce', async () => {
    const configs = t.dataSource.getRepository(SiteConfig);
    const [config] = await configs.find();
    await configs.update(config.id, {
      analytics_code: '<script>window.counted = true;</script>',
    });
    t.app.get(ContentEvents).changed('config');
    try {
      const { headers, html } = await page('/about');
      const nonce = /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')![1];
      expect(html).toContain(`<script nonce="${nonce}">window.counted = true;</script>`);
    } finally {
      await configs.update(config.id, { analytics_code: '' });
      t.app.get(ContentEvents).changed('config');
    }
  });

  it('lists every enabled API page and the static pages in /sitemap.xml', async () => {
    await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 0 });
    changed();
    try {
      const res = await page('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const locs = [...res.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const enabled = await t.dataSource.getRepository(ApiEntry).countBy({ status: 1 });
      expect(locs).toHaveLength(enabled + 3);
      expect(locs).toEqual(
        expect.arrayContaining([`${t.baseUrl}/`, `${t.baseUrl}/about`, `${t.baseUrl}/friends`]),
      );
      expect(locs).not.toContain(`${t.baseUrl}/api/${ip.id}/ip`);
    } finally {
      await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 1 });
      changed();
    }
  });

  it('turns the sitemap into an index of parts past the per-file limit', async () => {
    const enabled = await t.dataSource.getRepository(ApiEntry).countBy({ status: 1 });
    const perFile = 10;
    const index = (await sitemap(t.dataSource, 'https://x.example', 0, perFile))!;
    const parts = Math.ceil((enabled + 3) / perFile);
    expect(index).toContain('<sitemapindex');
    expect(index.match(/<sitemap>/g)).toHaveLength(parts);
    let urls = 0;
    for (let part = 1; part <= parts; part++) {
      const xml = (await sitemap(t.dataSource, 'https://x.example', part, perFile))!;
      const count = xml.match(/<url>/g)?.length ?? 0;
      expect(count).toBeLessThanOrEqual(perFile);
      urls += count;
    }
    expect(urls).toBe(enabled + 3);
    expect(await sitemap(t.dataSource, 'https://x.example', parts + 1, perFile)).toBeNull();
  });

  it('names the sitemap in /robots.txt and keeps crawlers out of the admin area', async () => {
    const res = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.html).toContain('Disallow: /admin');
    expect(res.html).toContain('Disallow: /api/admin/');
    expect(res.html).toContain(`Sitemap: ${t.baseUrl}/sitemap.xml`);
  });
});
