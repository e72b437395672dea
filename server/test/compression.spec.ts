import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from './harness';

/** A raw GET (fetch would decode the body and hide the encoding). */
function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe('compression', () => {
  let t: TestApp;
  const script = `console.log(${JSON.stringify('portico '.repeat(500))});`;
  const shellText = `<p>${'a page the browser renders itself '.repeat(60)}</p>`;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portico-dist-'));
    mkdirSync(join(dist, 'assets'));
    // Over the 1 KB from which pages are stored compressed.
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Portico</title>${shellText}`);
    writeFileSync(join(dist, 'assets/app.js'), script);
    // Marked, so the test sees the build's file was sent rather than one compressed on the fly.
    writeFileSync(join(dist, 'assets/app.js.br'), brotliCompressSync(`${script}//br`));
    writeFileSync(join(dist, 'assets/app.js.gz'), gzipSync(`${script}//gz`));
    t = await startTestApp('sqlite', { CLIENT_DIST: dist, SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the precompressed asset the browser accepts, with Vary', async () => {
    const br = await rawGet(`${t.baseUrl}/assets/app.js`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(`${script}//br`);
    const gz = await rawGet(`${t.baseUrl}/assets/app.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(`${script}//gz`);
    const plain = await rawGet(`${t.baseUrl}/assets/app.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses the site JSON above 1 KB and leaves small answers alone', async () => {
    const list = await rawGet(`${t.baseUrl}/api/get_api_list.php`, 'br');
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(list.body).toString()).success).toBe(true);
    const small = await rawGet(`${t.baseUrl}/healthz`, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the prepared list bytes in every encoding, each the same answer', async () => {
    const url = `${t.baseUrl}/api/get_api_list.php?per_page=20`;
    const plain = await rawGet(url);
    expect(plain.headers['content-type']).toContain('application/json');
    const br = await rawGet(url, 'br;q=1, gzip;q=0.5');
    const gz = await rawGet(url, 'gzip');
    const refused = await rawGet(url, 'br;q=0');
    expect([br, gz, refused].map((r) => r.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gz.body)).toEqual(plain.body);
    expect(refused.body).toEqual(plain.body);
  });

  it('sends a page as its stored bytes in each encoding, which @fastify/compress leaves alone', async () => {
    // `/` is a page route of its own, /user/dashboard reaches the pages through the not-found path.
    for (const path of ['/', '/user/dashboard']) {
      const url = `${t.baseUrl}${path}`;
      const plain = await rawGet(url);
      const br = await rawGet(url, 'gzip, deflate, br');
      const gz = await rawGet(url, 'gzip');
      expect(plain.body.toString()).toContain(shellText);
      expect([plain, br, gz].map((r) => r.headers['content-encoding'])).toEqual([
        undefined,
        'br',
        'gzip',
      ]);
      // Encoded once: one decoding gives the page.
      expect(brotliDecompressSync(br.body)).toEqual(plain.body);
      expect(gunzipSync(gz.body)).toEqual(plain.body);
      expect(br.headers.vary).toContain('accept-encoding');
      expect((await rawGet(url, 'br')).body).toEqual(br.body);
    }
  });

  it('never compresses the gateway', async () => {
    const res = await rawGet(`${t.baseUrl}/apis/quote`, 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
