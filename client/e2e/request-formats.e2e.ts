import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  adminLogin,
  describeBrowser,
  PHONE_AND_DESKTOP,
  screenshot,
  Site,
  siteCall,
  startSite,
} from './harness';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const consoleOf = (page: Page) => page.getByTestId('api-console');

async function send(page: Page): Promise<string> {
  await consoleOf(page)
    .getByRole('button', { name: /Send request/ })
    .click();
  await page.getByTestId('console-status').waitFor();
  return (await page.getByTestId('console-body').textContent()) ?? '';
}

/**
 * Full-page shots at a phone's and a desktop's width; the page is never wider than the screen.
 * `top` is scrolled to the top of the screen first, clear of the editor's sticky save bar.
 */
async function shoot(page: Page, name: string, top?: Locator): Promise<void> {
  for (const size of PHONE_AND_DESKTOP) {
    await page.setViewportSize(size);
    await top?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      size.width,
    );
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describeBrowser('form and multipart request bodies', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('an API taking a form is documented, edited and called from its console', async () => {
    const { context, page } = await site.newPage();
    try {
      await adminLogin(page);
      const made = await siteCall(context, site.url, '/api/admin/create_api.php', {
        name: '表单哈希',
        name_en: 'form-hash-e2e',
        title_en: 'Form hash',
        endpoint: '/apis/form-hash-e2e',
        description: '以表单提交的哈希',
        description_en: 'A hash of a form field',
        request_method: 'POST',
        request_format: 'application/x-www-form-urlencoded',
        response_format: 'application/json',
        is_paid: 0,
        status: 1,
        handler: 'hash',
        request_params: [
          { name: 'text', type: 'string', required: true, description: 'the text' },
          {
            name: 'algo',
            type: 'string',
            required: false,
            description: 'the algorithm',
            enum: ['md5', 'sha256'],
            default: 'sha256',
          },
        ],
      });
      expect(made.success).toBe(true);
      const id = made.data.id as number;

      await page.goto(`/api/${id}`);
      await page.getByText('Body: form (application/x-www-form-urlencoded)').waitFor();
      const form = consoleOf(page);
      await form.getByLabel(/^text/).fill('form body ✓');
      const posted = page.waitForRequest((r) => r.url().endsWith('/apis/form-hash-e2e'));
      const body = await send(page);
      const request = await posted;
      expect(request.method()).toBe('POST');
      expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.postData()).toBe(
        new URLSearchParams({ text: 'form body ✓', algo: 'sha256' }).toString(),
      );
      expect(await page.getByTestId('console-status').textContent()).toBe('200');
      expect(body).toContain(sha256('form body ✓'));

      // The editor offers a multipart body, and a file parameter only with one.
      await page.goto(`/admin/edit/${id}`);
      const format = page.getByLabel('请求体格式');
      await expect(format.inputValue()).resolves.toBe('application/x-www-form-urlencoded');
      const type = page.getByLabel('请求参数 1 类型');
      expect(await type.locator('option', { hasText: '文件（file）' }).count()).toBe(0);
      await format.selectOption('multipart/form-data');
      await type.selectOption('file');
      await shoot(page, 'request-formats-editor', page.getByLabel('请求方法'));
      await shoot(page, 'request-formats-editor-params', page.locator('#api-request_params'));
      // GET takes no body: the format goes back to JSON, locked, and the file row says why.
      await page.getByLabel('请求方法').selectOption('GET');
      expect(await format.isDisabled()).toBe(true);
      expect(await format.inputValue()).toBe('application/json');
      await page
        .getByText('文件类型的参数只能用于请求体格式为 Multipart 表单的 POST 或 PUT 接口')
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('the file-hash demo uploads a file chosen in its console', async () => {
    const { context, page } = await site.newPage();
    try {
      await page.goto('/api/file-hash');
      await page.getByText('Body: multipart form (multipart/form-data)').waitFor();
      const form = consoleOf(page);
      const file = form.getByLabel(/^file/);
      expect(await file.getAttribute('type')).toBe('file');
      // A required file left empty is refused at its field, and nothing is sent.
      await form.getByRole('button', { name: /Send request/ }).click();
      expect(await file.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('console-status').count()).toBe(0);

      const content = Buffer.from('portico multipart upload\n');
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: content });
      const posted = page.waitForRequest((r) => r.url().endsWith('/apis/file-hash'));
      const body = await send(page);
      const request = await posted;
      expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(await page.getByTestId('console-status').textContent()).toBe('200');
      expect(body).toContain(sha256(content));
      expect(body).toContain('"name": "notes.txt"');
      expect(body).toContain(`"size": ${content.length}`);
      await shoot(page, 'request-formats-console');
    } finally {
      await context.close();
    }
  });
});
