import { startUpstreamFake } from '../../server/test/fakes/upstream-fake';
import { adminLogin, describeBrowser, Site, siteCall, startSite } from './harness';

describeBrowser('an imported operation with a path parameter', () => {
  let site: Site;
  let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
  beforeAll(async () => {
    upstream = await startUpstreamFake();
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
    await upstream?.close();
  });

  it('is documented on its page and called from the console through the gateway', async () => {
    const { context, page } = await site.newPage();
    try {
      await adminLogin(page);
      const document = {
        openapi: '3.1.0',
        info: { title: 'Toys', version: '1' },
        servers: [{ url: `${upstream.url}/v2` }],
        paths: {
          '/toys/{toyId}': {
            get: {
              operationId: 'getToy',
              summary: 'One toy',
              parameters: [
                {
                  name: 'toyId',
                  in: 'path',
                  required: true,
                  description: 'which toy',
                  schema: { type: 'string', example: 'kite 7' },
                },
              ],
              responses: { '200': { description: 'the toy' } },
            },
          },
        },
      };
      const imported = await siteCall(context, site.url, '/api/admin/import_openapi.php', {
        document: JSON.stringify(document),
        dry_run: false,
      });
      expect(imported.success).toBe(true);
      const ids = (imported.data.apis as { id: number }[]).map((api) => api.id);
      const enabled = await siteCall(context, site.url, '/api/admin/update_api_flags.php', {
        ids,
        status: 1,
      });
      expect(enabled.success).toBe(true);

      await page.goto('/api/getToy');
      const params = page.getByRole('table').filter({ hasText: 'toyId' }).first();
      await params.getByText('path', { exact: true }).waitFor();
      const form = page.getByTestId('api-console');
      await form.getByLabel(/^toyId/).fill('kite 7');
      await form.getByRole('button', { name: /Send request/ }).click();
      await page.getByTestId('console-status').waitFor();
      expect(await page.getByTestId('console-status').textContent()).toBe('200');
      expect(await page.getByTestId('console-body').textContent()).toContain('/v2/toys/kite%207');
      expect(upstream.seen.at(-1)?.url).toBe('/v2/toys/kite%207');
    } finally {
      await context.close();
    }
  });
});
