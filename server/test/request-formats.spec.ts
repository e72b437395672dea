import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AccessLog, ApiEntry } from '../src/database/entities';
import { adminClient, apiBody } from './factories/admin';
import { createGatewayApi, createKeyedUser, ledgerOf } from './factories/gateway';
import { callTool, connectMcp } from './factories/mcp';
import { startUpstreamFake } from './fakes/upstream-fake';
import { describeEachDb } from './harness';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const FILE_HASH_PARAMS = JSON.stringify([
  { name: 'file', type: 'file', required: true, description: '' },
  { name: 'algo', type: 'string', required: false, description: '' },
]);
const FORM_HASH_PARAMS = JSON.stringify([
  { name: 'text', type: 'string', required: true, description: '' },
  { name: 'algo', type: 'string', required: false, description: '' },
]);

const toolText = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describeEachDb('request bodies as forms and multipart forms', (ctx) => {
  let upstream: Awaited<ReturnType<typeof startUpstreamFake>>;
  beforeAll(async () => {
    upstream = await startUpstreamFake();
  });
  afterAll(() => upstream.close());

  /** The built-in file-hash (or hash) behind an API taking a multipart form (or a form). */
  const fileHashApi = (overrides: Partial<ApiEntry> = {}) =>
    createGatewayApi(ctx.t, {
      handler: 'file-hash',
      request_method: 'POST',
      request_format: 'multipart/form-data',
      request_params: FILE_HASH_PARAMS,
      ...overrides,
    });
  const formHashApi = () =>
    createGatewayApi(ctx.t, {
      handler: 'hash',
      request_method: 'POST',
      request_format: 'application/x-www-form-urlencoded',
      request_params: FORM_HASH_PARAMS,
    });

  /** A POST to the gateway as a browser or an HTTP library sends it. */
  const post = (nameEn: string, body: RequestInit['body'], headers = {}) =>
    fetch(new URL(`/apis/${nameEn}`, ctx.t.baseUrl), { method: 'POST', body, headers });

  describe('the admin editor', () => {
    it('saves a format, answers it in the detail, and keeps it when an update leaves it out', async () => {
      const admin = await adminClient(ctx.t);
      const body = apiBody({
        request_method: 'POST',
        request_format: 'multipart/form-data',
        request_params: FILE_HASH_PARAMS,
      });
      const created = await admin.post('/api/admin/create_api.php', body);
      expect(created.status).toBe(200);
      expect(created.body.data.request_format).toBe('multipart/form-data');
      const updated = await admin.post('/api/admin/update_api.php', {
        ...body,
        request_format: undefined,
        id: created.body.data.id,
        description: '改过',
      });
      expect(updated.body.data).toMatchObject({
        request_format: 'multipart/form-data',
        description: '改过',
      });
      const detail = await ctx.t
        .client()
        .get('/api/get_api_detail.php', { query: { name_en: body.name_en } });
      expect(detail.body.data.request_format).toBe('multipart/form-data');

      const plain = await admin.post('/api/admin/create_api.php', apiBody());
      expect(plain.body.data.request_format).toBe('application/json');
    });

    it.each([
      [
        'a form on a GET',
        { request_format: 'application/x-www-form-urlencoded' },
        'apis.format_without_body',
        'request_format',
      ],
      [
        'a multipart form on a DELETE',
        { request_method: 'DELETE', request_format: 'multipart/form-data' },
        'apis.format_without_body',
        'request_format',
      ],
      [
        'a file in a JSON body',
        { request_method: 'POST', request_params: FILE_HASH_PARAMS },
        'apis.file_without_multipart',
        'request_params',
      ],
      [
        'a file in a form',
        {
          request_method: 'PUT',
          request_format: 'application/x-www-form-urlencoded',
          request_params: FILE_HASH_PARAMS,
        },
        'apis.file_without_multipart',
        'request_params',
      ],
      ['an unknown format', { request_format: 'text/plain' }, 'request.invalid', 'request_format'],
    ])('refuses %s at its field, saving nothing', async (_, overrides, code, field) => {
      const admin = await adminClient(ctx.t);
      const body = apiBody(overrides);
      const res = await admin.post('/api/admin/create_api.php', body);
      expect({ status: res.status, code: res.body.code, field: res.body.field }).toEqual({
        status: 400,
        code: expect.stringMatching(code === 'request.invalid' ? /^request\./ : code),
        field,
      });
      const detail = await ctx.t
        .client()
        .get('/api/get_api_detail.php', { query: { name_en: body.name_en } });
      expect(detail.status).toBe(404);
    });
  });

  describe('the gateway', () => {
    it('hands a multipart form with a file to a built-in, and a form too', async () => {
      const fileApi = await fileHashApi();
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);
      const form = new FormData();
      form.append('algo', 'sha256');
      form.append('file', new Blob([bytes], { type: 'image/png' }), '图片.png');
      const res = await post(fileApi.name_en, form);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        message: 'ok',
        data: { name: '图片.png', size: 8, algo: 'sha256', hash: sha256(bytes) },
      });

      const formApi = await formHashApi();
      const answer = await post(formApi.name_en, new URLSearchParams({ text: 'a & b=c' }));
      expect(((await answer.json()) as { data: { hash: string } }).data.hash).toBe(
        sha256('a & b=c'),
      );
    });

    it('refuses a broken multipart form or a missing file with a 400, charging nothing', async () => {
      const api = await fileHashApi({ is_paid: 1, price_per_call_milli: 7 });
      const { user, apiKey } = await createKeyedUser(ctx.t, 1000);
      const broken = await post(api.name_en, '--x\r\nnot a part', {
        'content-type': 'multipart/form-data; boundary=x',
        'x-api-key': apiKey,
      });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toMatchObject({ code: 'gateway.invalid_form' });
      const textForFile = new FormData();
      textForFile.append('file', 'not a file');
      const missing = await post(api.name_en, textForFile, { 'x-api-key': apiKey });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({
        code: 'gateway.invalid_param',
        message: "parameter 'file' must be a file part, not text",
      });
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 1000, expected: 1000 });

      const form = new FormData();
      form.append('file', new Blob(['x']), 'x.txt');
      const paid = await post(api.name_en, form, { 'x-api-key': apiKey });
      expect(paid.status).toBe(200);
      expect(await ledgerOf(ctx.t, user.id)).toEqual({ balance: 993, expected: 993 });
      expect(
        await ctx.t.dataSource
          .getRepository(AccessLog)
          .countBy({ user_id: user.id, api_id: api.id }),
      ).toBeGreaterThanOrEqual(1);
    });

    it('passes a multipart form to an upstream byte for byte, with its boundary', async () => {
      const api = await createGatewayApi(ctx.t, {
        handler: null,
        upstream_url: `${upstream.url}/v1/upload`,
        request_method: 'POST',
        request_format: 'multipart/form-data',
        request_params: FILE_HASH_PARAMS,
      });
      const form = new FormData();
      form.append('algo', 'md5');
      form.append('file', new Blob(['hello upstream']), 'hello.txt');
      const sent = new Request('http://x/', { method: 'POST', body: form });
      const type = sent.headers.get('content-type')!;
      const bytes = Buffer.from(await sent.arrayBuffer());
      const seen = upstream.seen.length;
      const res = await post(api.name_en, bytes, { 'content-type': type });
      expect(res.status).toBe(200);
      const request = upstream.seen[seen];
      expect(request.headers['content-type']).toBe(type);
      expect(request.body).toBe(bytes.toString('utf8'));
      expect(request.body).toContain('filename="hello.txt"');
    });
  });

  describe('the MCP call_api tool', () => {
    it('sends a form API its body as a form, and says a file cannot come from a tool call', async () => {
      const formApi = await formHashApi();
      const fileApi = await fileHashApi();
      const mcp = await connectMcp(ctx.t);
      try {
        const hashed = await callTool(mcp, 'call_api', {
          name_en: formApi.name_en,
          body: { text: 'from a tool', algo: 'md5' },
        });
        expect(hashed.isError).toBeFalsy();
        expect(toolText(hashed)).toContain(createHash('md5').update('from a tool').digest('hex'));

        const refused = await callTool(mcp, 'call_api', {
          name_en: fileApi.name_en,
          body: { file: 'photo.png' },
        });
        expect(refused.isError).toBe(true);
        expect(toolText(refused)).toBe(
          `"file" is a file upload, which a tool call cannot carry: call ${fileApi.name_en} over HTTP with a multipart form.`,
        );
      } finally {
        await mcp.close();
      }
    });
  });
});
