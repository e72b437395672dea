import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ContentEvents } from '../src/common/content-events';
import { ApiEntry, SiteConfig } from '../src/database/entities';
import { sitemap } from '../src/modules/pages/sitemap';
import { adminClient } from './factories/admin';
import { startTestApp, TestApp } from './harness';
import { describeIf } from './requires';

const CLIENT_DIST = join(__dirname, '../../client/dist');

/** A CSP hash source of a script's text, as a browser computes it. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The sources of a CSP's script-src. */
const scriptSrc = (csp: string | null) =>
  /(?:^|;)\s*script-src ([^;]*)/
    .exec(csp ?? '')![1]
    .trim()
    .split(/\s+/);
/** The text of every inline script a browser runs (data blocks, JSON, are not scripts). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes]) => !/\bsrc=/.test(attributes) && !/type="application\//.test(attributes),
    )
    .map(([, , body]) => body);
const built = existsSync(join(CLIENT_DIST, '../dist-ssr/entry-server.cjs'));

/** Server-rendered pages, read as a search engine or a browser without JavaScript reads them. */
describeIf(built, 'a built client (npm run build)')('server-rendered pages', () => {
  let t: TestApp;
  let ip: ApiEntry;
  const page = async (path: string, cookie?: string) => {
    const res = await fetch(`${t.baseUrl}${path}`, cookie ? { headers: { cookie } } : {});
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const changed = () => t.app.get(ContentEvents).changed('apis');
  /** A raw GET: the bytes as sent (fetch would decode them), with the headers given. */
  const raw = (path: string, encoding: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        get(
          `${t.baseUrl}${path}`,
          { headers: { 'accept-encoding': encoding, ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        ).on('error', reject);
      },
    );

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
    expect(html).toMatch(/<script type="application\/json" id="portico-state">/);
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
    const state = JSON.parse(/id="portico-state">(.*?)<\/script>/.exec(html)![1]);
    expect(Object.keys(state.api.queries)).toEqual(
      expect.arrayContaining([
        'getCategories(undefined)',
        'getApiList({"category":"images","is_paid":1,"page":1,"per_page":12,"sort":"price"})',
        'getApiList({"category":"images","is_paid":0,"page":1,"per_page":48,"sort":"price"})',
      ]),
    );
  });

  it('renders a category the site no longer has as all APIs, with a notice', async () => {
    const { status, html } = await page('/?category=retired&sort=price');
    expect(status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${t.baseUrl}/" />`);
    expect(html).toContain('There is no category “retired” any more, so all APIs are shown.');
    expect(html).toContain(`href="/api/${ip.id}/ip"`);
    expect(html).toMatch(/aria-pressed="true">All<\/button>/);
    const state = JSON.parse(/id="portico-state">(.*?)<\/script>/.exec(html)![1]);
    expect(Object.keys(state.api.queries)).toEqual(
      expect.arrayContaining([
        'getApiList({"is_paid":1,"page":1,"per_page":12,"sort":"price"})',
        'getApiList({"is_paid":0,"page":1,"per_page":48,"sort":"price"})',
      ]),
    );
    expect(JSON.stringify(state.api.queries)).not.toContain('retired');
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
    await changed();
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
      const state = JSON.parse(/id="portico-state">(.*?)<\/script>/.exec(second.html)![1]);
      expect(Object.keys(state.api.queries)).toEqual(
        expect.arrayContaining([
          'getApiList({"is_paid":1,"page":2,"per_page":12})',
          'getApiList({"is_paid":0,"page":1,"per_page":48})',
        ]),
      );
    } finally {
      await apis.remove(copies);
      await changed();
    }
  });

  it("renders an API's documentation with WebAPI JSON-LD", async () => {
    const { status, html } = await page(`/api/${ip.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>IP lookup - Portico API</title>');
    expect(html).toContain(`<link rel="canonical" href="${t.baseUrl}/api/${ip.id}/ip" />`);
    expect(html).toContain('Request parameters');
    expect(html).toContain('Response example');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
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

  it('renders the home notice, footer and sidebar in the page’s language', async () => {
    // What a reader sees (the embedded state carries both texts for the other language).
    const seen = (html: string) =>
      [
        /<footer\b.*?<\/footer>/s,
        /<nav aria-label=.*?<\/nav>/s,
        /<div id="portico-notice".*?<\/div><\/div>/s,
      ]
        .map((part) => part.exec(html)?.[0] ?? '')
        .join('\n');
    const english = seen((await page('/')).html);
    expect(english).toContain('Welcome to Portico!');
    expect(english).toContain('© 2026 Portico API. All rights reserved.');
    expect(english).toContain('>Status page<');
    expect(english).not.toMatch(/欢迎|版权所有|状态页/);
    const chinese = seen((await page('/', 'lang=zh')).html);
    expect(chinese).toContain('欢迎来到 Portico！');
    expect(chinese).toContain('© 2026 Portico API 版权所有');
    expect(chinese).toContain('>状态页<');
    expect(chinese).not.toMatch(/Welcome|All rights reserved|Status page/);
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
    // English is in the app's modules; a Chinese page fetches the Chinese texts with them.
    expect(home).not.toContain('zh');
    expect(deferredModules((await page('/', 'lang=zh')).html)).toEqual(
      expect.arrayContaining(['boot', 'zh']),
    );
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
      // Its first script holds submits (and notes typed fields) until the app has taken over.
      expect(html.indexOf("addEventListener('submit'")).toBeLessThan(html.indexOf('<body>'));
      expect(html).toMatch(
        /<head>(?:(?!<script)[\s\S])*<script>\(function\(d,w\)\{var t=w\.porticoTouched/,
      );
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
    const [br, gz, none] = await Promise.all([
      raw('/', 'gzip, deflate, br'),
      raw('/', 'gzip;q=1, br;q=0'),
      raw('/', 'identity'),
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

  it('serves a stored page as the same bytes every time: one render, its ETag, br and gzip of one HTML', async () => {
    const path = `/api/${ip.id}/ip`;
    const first = await raw(path, 'gzip, deflate, br');
    const second = await raw(`${path}?utm_source=x`, 'gzip, deflate, br');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
    const gz = await raw(path, 'gzip');
    const none = await raw(path, 'identity');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(first.body)).toEqual(none.body);
    expect(gunzipSync(gz.body)).toEqual(none.body);
    // Each encoding is its own representation, with its own tag.
    expect(new Set([first, gz, none].map((r) => r.headers.etag)).size).toBe(3);
    for (const answer of [first, gz, none])
      expect(answer.headers.vary).toContain('accept-encoding');
    // The per-request part, the XSRF cookie, rides on the stored bytes. A visitor without a
    // session gets the token all such visitors share (ADR 011).
    const tokens = [first, second, none].map((r) =>
      String(r.headers['set-cookie']?.find((c) => c.startsWith('XSRF-TOKEN='))),
    );
    expect(tokens.every((cookie) => /^XSRF-TOKEN=[^;]+\./.test(cookie))).toBe(true);
    expect(new Set(tokens).size).toBe(1);
    // A browser that has the bytes is told so.
    const unchanged = await raw(path, 'br', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect((await raw(path, 'gzip', { 'if-none-match': String(first.headers.etag) })).status).toBe(
      200,
    );
  });

  it("drops stored pages when an admin changes the site's content", async () => {
    expect((await page('/friends')).html).toContain('<title>Friend links - ');
    const stored = await raw('/friends', 'br');
    expect(stored.headers['x-page-cache']).toBe('hit');
    const admin = await adminClient(t);
    const configs = t.dataSource.getRepository(SiteConfig);
    const [config] = await configs.find();
    const saved = await admin.post('/api/admin/update_config.php', {
      site_title: 'Changed Portico',
    });
    expect(saved.body.success).toBe(true);
    try {
      const after = await raw('/friends', 'br');
      expect(after.headers['x-page-cache']).toBe('miss');
      expect(after.headers.etag).not.toBe(stored.headers.etag);
      expect(brotliDecompressSync(after.body).toString()).toContain('- Changed Portico</title>');
    } finally {
      await admin.post('/api/admin/update_config.php', { site_title: config.site_title });
    }
    expect((await page('/friends')).html).not.toContain('Changed Portico');
  });

  it('answers unknown paths and missing APIs with 404 and the not-found page', async () => {
    for (const path of ['/no/such/page', '/api/999999', '/api/no-such-api']) {
      const { status, headers, html } = await page(path);
      expect([path, status]).toEqual([path, 404]);
      expect(headers.get('content-type')).toContain('text/html');
      expect(html).toContain('<title>Page not found - Portico API</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('renders a disabled API’s page with its documentation and says it is unavailable', async () => {
    await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 0 });
    await changed();
    try {
      const { status, html } = await page(`/api/${ip.id}/ip`);
      expect(status).toBe(200);
      expect(html).toContain('data-testid="api-unavailable"');
      expect(html).toContain('This API is temporarily unavailable');
      expect(html).not.toContain('<meta name="robots" content="noindex" />');
    } finally {
      await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 1 });
      await changed();
    }
  });

  it('allows each inline script by its hash in the CSP, the same in every answer', async () => {
    const [a, b] = [await page('/'), await page('/')];
    const csp = a.headers.get('content-security-policy')!;
    expect(b.headers.get('content-security-policy')).toBe(csp);
    expect(csp).not.toMatch(/nonce|script-src[^;]*unsafe-inline/);
    const allowed = scriptSrc(csp);
    const inline = inlineScripts(a.html);
    // The submit hold and home's notice script: each one hashed, nothing else listed.
    expect(inline.length).toBeGreaterThanOrEqual(2);
    expect(allowed.sort()).toEqual(["'self'", ...new Set(inline.map(sha256))].sort());
    for (const tag of a.html.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).not.toContain('nonce');
    }
  });

  it("renders home's notice, hidden until its script has checked the session, on home only", async () => {
    const { headers, html } = await page('/');
    const notice =
      /<div id="portico-notice" hidden="">.*?<\/div><\/div><\/div><\/div><\/div>/s.exec(html)?.[0];
    expect(notice).toContain('role="dialog"');
    expect(notice).toContain('Site announcement');
    expect(notice).toContain('Welcome to Portico');
    expect(html.indexOf('id="portico-notice"')).toBeGreaterThan(html.indexOf('id="root"'));
    const script =
      /<script>(\(function\(\)\{var n=document\.getElementById\('portico-notice'\).*?)<\/script>/s.exec(
        html,
      )?.[1];
    expect(script).toBeDefined();
    expect(scriptSrc(headers.get('content-security-policy'))).toContain(sha256(script!));
    expect((await page('/about')).html).not.toContain('portico-notice');

    const configs = t.dataSource.getRepository(SiteConfig);
    const [config] = await configs.find();
    // Without an English notice the English page shows the Chinese one; without either, none.
    await configs.update(config.id, { home_notice_en: '' });
    await t.app.get(ContentEvents).changed('config');
    try {
      expect((await page('/')).html).toContain('欢迎来到 Portico！');
      await configs.update(config.id, { home_notice: '  ' });
      await t.app.get(ContentEvents).changed('config');
      expect((await page('/')).html).not.toContain('portico-notice');
    } finally {
      await configs.update(config.id, {
        home_notice: config.home_notice,
        home_notice_en: config.home_notice_en,
      });
      await t.app.get(ContentEvents).changed('config');
    }
  });

  it("allows the analytics snippet's inline script by its hash and its external script by address", async () => {
    const configs = t.dataSource.getRepository(SiteConfig);
    const [config] = await configs.find();
    await configs.update(config.id, {
      analytics_code:
        '<script async src="https://stats.example/tag.js?id=7"></script><script>window.counted = true;</script>',
    });
    await t.app.get(ContentEvents).changed('config');
    try {
      const { headers, html } = await page('/about');
      expect(html).toContain('<script>window.counted = true;</script>');
      const allowed = scriptSrc(headers.get('content-security-policy'));
      expect(allowed).toContain(sha256('window.counted = true;'));
      expect(allowed).toContain('https://stats.example/tag.js');
      expect(headers.get('content-security-policy')).toContain("connect-src 'self' https:");
    } finally {
      await configs.update(config.id, { analytics_code: '' });
      await t.app.get(ContentEvents).changed('config');
    }
  });

  it('lists every enabled API page and the static pages in /sitemap.xml', async () => {
    await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 0 });
    await changed();
    try {
      const res = await page('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const locs = [...res.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const enabled = await t.dataSource.getRepository(ApiEntry).countBy({ status: 1 });
      expect(locs).toHaveLength(enabled + 5);
      expect(locs).toEqual(
        expect.arrayContaining([
          `${t.baseUrl}/`,
          `${t.baseUrl}/about`,
          `${t.baseUrl}/friends`,
          `${t.baseUrl}/status`,
          `${t.baseUrl}/pricing`,
        ]),
      );
      expect(locs).not.toContain(`${t.baseUrl}/api/${ip.id}/ip`);
    } finally {
      await t.dataSource.getRepository(ApiEntry).update(ip.id, { status: 1 });
      await changed();
    }
  });

  it('turns the sitemap into an index of parts past the per-file limit', async () => {
    const enabled = await t.dataSource.getRepository(ApiEntry).countBy({ status: 1 });
    const perFile = 10;
    const index = (await sitemap(t.dataSource, 'https://x.example', 0, perFile))!;
    const parts = Math.ceil((enabled + 5) / perFile);
    expect(index).toContain('<sitemapindex');
    expect(index.match(/<sitemap>/g)).toHaveLength(parts);
    let urls = 0;
    for (let part = 1; part <= parts; part++) {
      const xml = (await sitemap(t.dataSource, 'https://x.example', part, perFile))!;
      const count = xml.match(/<url>/g)?.length ?? 0;
      expect(count).toBeLessThanOrEqual(perFile);
      urls += count;
    }
    expect(urls).toBe(enabled + 5);
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
