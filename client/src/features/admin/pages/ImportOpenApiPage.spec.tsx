import type { ImportOpenApiBody, ImportPreview } from '@contracts/openapi';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, HttpResponse, ok, server } from '../../../test/server';
import { IMPORT } from '../i18n/import';
import ImportOpenApiPage from './ImportOpenApiPage';
import { SHOWN_FILE_BYTES } from './import/useImportOpenApi';

const DOC = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\nservers: [{url: https://up.example}]';

const preview = (dryRun: boolean): ImportPreview => ({
  dry_run: dryRun,
  apis: [
    {
      name: '天气查询',
      name_en: 'weather',
      method: 'GET',
      upstream_url: 'https://up.example/weather',
      parameters: [{ name: 'city', type: 'string', required: true, description: '城市' }],
      action: 'create',
      id: null,
      changed_fields: [],
    },
    {
      name: 'IP 查询',
      name_en: 'ip',
      method: 'POST',
      upstream_url: 'https://up.example/ip',
      parameters: [],
      action: 'update',
      id: 4,
      changed_fields: ['description', 'upstream_url'],
    },
  ],
  skipped: [{ method: 'trace', path: '/debug', reason: '不支持的请求方式' }],
  counts: { create: 1, update: 1, unchanged: 0 },
});

/** What the page sent: the document as it is, with its media type and ?dry_run. */
type Sent = ImportOpenApiBody & { type: string | null };

function show(answer?: (body: ImportOpenApiBody) => Response) {
  const bodies: Sent[] = [];
  server.use(
    http.post('/api/admin/import_openapi.php', async ({ request }) => {
      const body = {
        document: await request.text(),
        dry_run: new URL(request.url).searchParams.get('dry_run') === 'true',
      };
      bodies.push({ ...body, type: request.headers.get('content-type') });
      return answer ? answer(body) : ok(preview(body.dry_run));
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ImportOpenApiPage />
      </MemoryRouter>
    </Provider>,
  );
  return bodies;
}

const paste = (text: string) =>
  fireEvent.change(screen.getByLabelText('OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）'), {
    target: { value: text },
  });

describe('ImportOpenApiPage', () => {
  it('previews the document, then applies that preview on confirmation', async () => {
    const bodies = show();
    paste(DOC);
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    const table = await screen.findByRole('table', { name: '导入预览' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '天气查询weatherGEThttps://up.example/weathercity*: string新建',
    );
    expect(rows[2]).toHaveTextContent('更新变更：描述、上游地址');
    expect(screen.getByRole('table', { name: '跳过的操作' })).toHaveTextContent(
      'TRACE/debug不支持的请求方式',
    );
    expect(screen.getByText('新建 1 个，更新 1 个，未变 0 个，跳过 1 个')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认导入（2 个）' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      IMPORT.applied({ create: 1, update: 1, unchanged: 0 }),
    );
    expect(bodies).toEqual([
      { document: DOC, dry_run: true, type: 'application/vnd.oai.openapi' },
      { document: DOC, dry_run: false, type: 'application/vnd.oai.openapi' },
    ]);
  });

  it('reads an uploaded file into the document', async () => {
    const bodies = show();
    const file = new File(['{"openapi":"3.1.0"}'], 'api.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('或上传文件'), file);
    expect(await screen.findByDisplayValue('{"openapi":"3.1.0"}')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    await screen.findByText('天气查询');
    expect(bodies[0]).toMatchObject({ document: '{"openapi":"3.1.0"}', dry_run: true });
  });

  it('sends a large file as it is, without showing it', async () => {
    const bodies = show();
    const text = `{"openapi":"3.1.0","x":"${'a'.repeat(SHOWN_FILE_BYTES)}"}`;
    const file = new File([text], 'api.github.com.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('或上传文件'), file);
    expect(
      await screen.findByText(/^已选择文件 api\.github\.com\.json（1\.0 MB），将原样上传/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）')).toHaveValue(
      '',
    );
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    await screen.findByText('天气查询');
    expect(bodies).toEqual([
      { document: text, dry_run: true, type: 'application/vnd.oai.openapi' },
    ]);
    // Pasting a document drops the file, and the file field no longer shows it.
    paste(DOC);
    expect(screen.queryByText(/已选择文件/)).not.toBeInTheDocument();
    expect(screen.getByLabelText<HTMLInputElement>('或上传文件').value).toBe('');
  });

  it('drops the preview when the document changes', async () => {
    show();
    paste(DOC);
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    await screen.findByText('天气查询');
    paste(`${DOC}\n`);
    expect(screen.queryByText('天气查询')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /确认导入/ })).not.toBeInTheDocument();
  });

  it('asks for a document before sending anything', async () => {
    const bodies = show();
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT.empty);
    expect(bodies).toEqual([]);
  });

  it('cannot confirm a preview that changes nothing', async () => {
    show(() => ok({ ...preview(true), apis: [], counts: { create: 0, update: 0, unchanged: 3 } }));
    paste(DOC);
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    expect(await screen.findByText(IMPORT.nothingToApply)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认导入（0 个）' })).toBeDisabled();
  });

  it.each([
    ['openapi.invalid_document', 400, 'OpenAPI 文档无效：校验失败：必须有 title（位于 "info"）'],
    ['openapi.remote_ref', 400, '文档包含外部引用 “pet.json”（位于 #/paths/~1a/get）'],
    ['openapi.duplicate_name', 400, '文档中有两个操作对应同一个英文名 “find”'],
    ['openapi.too_large', 413, '文档过大：最多 16 MB（16000000 字节）'],
  ])('shows the import’s own refusal %s as the server words it', async (code, status, text) => {
    show(() => failure(status, { code, message: text }));
    paste(DOC);
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says any other refusal in Chinese', async () => {
    show(() => failure(403, { code: 'auth.csrf_invalid', message: 'english text' }));
    paste(DOC);
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent('english text');
  });

  it('imports from a URL instead, which replaces a pasted document', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/import_openapi_url.php', async ({ request }) => {
        const body = (await request.json()) as { url: string; dry_run: boolean };
        sent.push(body);
        return body.url.includes('10.0.0.1')
          ? failure(400, {
              code: 'openapi.url_private',
              message:
                '文档网址 “https://10.0.0.1/a.json” 指向内网、本机或保留地址，出于安全不会访问',
            })
          : ok(preview(body.dry_run));
      }),
    );
    const bodies = show();
    paste(DOC);
    const field = screen.getByLabelText('或从网址导入');
    await userEvent.type(field, 'https://docs.example/openapi.json');
    expect(screen.getByLabelText('OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）')).toHaveValue(
      '',
    );
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    await screen.findByText('天气查询');
    await userEvent.click(screen.getByRole('button', { name: '确认导入（2 个）' }));
    await screen.findByRole('status');
    expect(sent).toEqual([
      { url: 'https://docs.example/openapi.json', dry_run: true },
      { url: 'https://docs.example/openapi.json', dry_run: false },
    ]);
    expect(bodies).toEqual([]);
    expect(field).toHaveValue('');

    await userEvent.type(field, 'https://10.0.0.1/a.json');
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('指向内网、本机或保留地址');
  });

  it('names a network failure in Chinese', async () => {
    show(() => HttpResponse.error());
    paste(DOC);
    await userEvent.click(screen.getByRole('button', { name: '预览导入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络错误');
  });
});
