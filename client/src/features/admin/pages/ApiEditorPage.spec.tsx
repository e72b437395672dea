import { SAVE_API_FIELDS } from '@contracts/apis';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusalAtControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import ApiEditorPage from './ApiEditorPage';
import { API_FIELD_ERRORS } from '../api-editor/fields';

const API = {
  id: 3,
  name: 'IP 查询',
  name_en: 'ip',
  description: '',
  description_en: '',
  endpoint: '/apis/ip',
  example_url: '',
  response_format: 'application/json',
  request_method: 'GET',
  request_params: [{ name: 'ip', type: 'string', required: '1', description: '' }],
  response_params: [],
  status_codes: [{ code: 200, description: '成功' }],
  php_example: '',
  response_example: '',
  status: 1,
  is_paid: 0,
  is_pinned: 0,
  price_per_call: '0.000',
  usage_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  handler: 'ip',
  upstream_url: null,
  upstream_timeout_ms: 10000,
  category_ids: [2],
};

const CATEGORIES = [
  { id: 1, name: '网络工具', name_en: 'Network', slug: 'network', sort_order: 10, api_count: 3 },
  { id: 2, name: '文本处理', name_en: 'Text', slug: 'text', sort_order: 20, api_count: 1 },
];

function show(path: string) {
  server.use(http.get('/api/admin/get_categories.php', () => ok(CATEGORIES)));
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/create" element={<ApiEditorPage />} />
          <Route path="/admin/edit/:id" element={<ApiEditorPage />} />
          <Route path="/admin/control" element={<p>API list</p>} />
        </Routes>
        <Link to="/admin/control">API管理</Link>
      </MemoryRouter>
    </Provider>,
  );
}

describe('ApiEditorPage', () => {
  it('says invalid API ID for an id that is not a positive integer', () => {
    show('/admin/edit/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('无效的API ID');
  });

  it('edits an API and goes back to the list once saved', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/admin/get_api.php', () => ok(API)),
      http.post('/api/admin/update_api.php', async ({ request }) => {
        bodies.push(await request.json());
        return ok(API, 'API updated');
      }),
    );
    show('/admin/edit/3');
    const name = await screen.findByLabelText('API 名称');
    expect(name).toHaveValue('IP 查询');
    expect(screen.getByLabelText('请求参数 1 必填')).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'IP lookup');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('API list')).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        id: 3,
        name: 'IP lookup',
        request_params:
          '[{"name":"ip","type":"string","required":true,"description":"","description_en":""}]',
        handler: 'ip',
        upstream_url: '',
      }),
    ]);
  });

  it("ticks the API's categories and sends the ones picked", async () => {
    const bodies: { category_ids?: number[] }[] = [];
    server.use(
      http.get('/api/admin/get_api.php', () => ok(API)),
      http.post('/api/admin/update_api.php', async ({ request }) => {
        bodies.push((await request.json()) as { category_ids?: number[] });
        return ok(API, 'API updated');
      }),
    );
    show('/admin/edit/3');
    const text = await screen.findByRole('checkbox', { name: '文本处理（Text）' });
    expect(text).toBeChecked();
    const network = screen.getByRole('checkbox', { name: '网络工具（Network）' });
    expect(network).not.toBeChecked();
    await userEvent.click(network);
    await userEvent.click(text);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('API list')).toBeInTheDocument();
    expect(bodies.map((body) => body.category_ids)).toEqual([[1]]);
  });

  it('asks before an in-app link leaves unsaved changes, and stays when told to', async () => {
    server.use(http.get('/api/admin/get_api.php', () => ok(API)));
    show('/admin/edit/3');
    const name = await screen.findByLabelText('API 名称');
    await userEvent.type(name, ' changed');
    // The back office's own question, not the browser's.
    await userEvent.click(screen.getByRole('link', { name: 'API管理' }));
    const ask = await screen.findByRole('dialog', { name: '请确认' });
    expect(ask).toHaveTextContent('有未保存的修改，确定要离开吗？');
    await userEvent.click(within(ask).getByRole('button', { name: '取消' }));
    expect(screen.queryByText('API list')).not.toBeInTheDocument();
    expect(name).toHaveValue('IP 查询 changed');
    await userEvent.click(screen.getByRole('link', { name: 'API管理' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', {
        name: '离开',
      }),
    );
    expect(await screen.findByText('API list')).toBeInTheDocument();
  });

  it('asks before 取消 drops unsaved changes', async () => {
    server.use(http.get('/api/admin/get_api.php', () => ok(API)));
    show('/admin/edit/3');
    await userEvent.type(await screen.findByLabelText('API 名称'), ' changed');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    const ask = await screen.findByRole('dialog', { name: '请确认' });
    await userEvent.click(within(ask).getByRole('button', { name: '离开' }));
    expect(await screen.findByText('API list')).toBeInTheDocument();
  });

  it('checks the form before sending, and shows the server’s refusal', async () => {
    server.use(
      http.post('/api/admin/create_api.php', () =>
        failure(409, {
          code: 'apis.name_taken',
          message: 'an API with this English name already exists',
        }),
      ),
    );
    show('/admin/create');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    // The three empty fields each say SPEC.md §5's text; the summary says it once.
    const summary = screen.getByRole('alert');
    expect(
      within(summary).getAllByRole('link', { name: 'API 名称、英文名称和 Endpoint 不能为空' }),
    ).toHaveLength(1);
    const name = screen.getByLabelText('API 名称');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('API 名称、英文名称和 Endpoint 不能为空');
    expect(screen.getByLabelText('Endpoint')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('API 名称'), 'IP');
    await userEvent.type(screen.getByLabelText('英文名'), 'ip');
    expect(screen.getByLabelText('Endpoint')).toHaveValue('/apis/ip');
    // Enabled with nothing to serve it: refused at the upstream field, which is focused.
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const upstream = screen.getByLabelText('上游地址 (http/https)');
    expect(upstream).toHaveAttribute('aria-invalid', 'true');
    expect(upstream).toHaveFocus();
    expect(upstream).toHaveAccessibleDescription(/^启用的接口需要内置处理器或上游地址/);
    await userEvent.type(screen.getByLabelText('内置处理器'), 'ip');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('已有 API 使用这个英文名称');
  });

  // Every field the server reads (the DTO is held to SAVE_API_FIELDS by a server unit test): a
  // refusal naming it lands on a visible, focused control that says what is wrong, and the
  // summary above links there.
  it.each(SAVE_API_FIELDS)('shows the server’s refusal of %s at its control', async (field) => {
    const paid = {
      ...API,
      is_paid: 1,
      price_per_call: '0.010',
      free_quota_calls: 5,
      free_quota_period: 'day',
      response_params: [{ name: 'country', type: 'string', description: '国家' }],
    };
    server.use(
      http.get('/api/admin/get_api.php', () => ok(paid)),
      http.post('/api/admin/update_api.php', () =>
        failure(400, { code: 'request.validation', field, message: `${field} is wrong` }),
      ),
    );
    show('/admin/edit/3');
    await screen.findByLabelText('API 名称');
    await screen.findByLabelText('文本处理（Text）');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const { text } = await expectRefusalAtControl();
    expect(text).toBe(API_FIELD_ERRORS[field]);
  });

  it('sends a multipart format and a file parameter, offered only for a multipart body', async () => {
    const bodies: { request_method: string; request_format: string; request_params: string }[] = [];
    server.use(
      http.get('/api/admin/get_api.php', () => ok({ ...API, request_method: 'POST' })),
      http.post('/api/admin/update_api.php', async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        return ok(API, 'API updated');
      }),
    );
    show('/admin/edit/3');
    const format = await screen.findByLabelText('请求体格式');
    expect(format).toBeEnabled();
    expect(format).toHaveValue('application/json');
    expect(format).toHaveAccessibleDescription(/^POST、PUT 接口的参数/);
    const type = screen.getByLabelText('请求参数 1 类型');
    expect(within(type).queryByRole('option', { name: '文件（file）' })).not.toBeInTheDocument();

    await userEvent.selectOptions(format, 'multipart/form-data');
    expect(format).toHaveDisplayValue('Multipart 表单（multipart/form-data，可上传文件）');
    await userEvent.selectOptions(type, '文件（file）');
    expect(type).toHaveValue('file');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('API list')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      request_method: 'POST',
      request_format: 'multipart/form-data',
    });
    expect(JSON.parse(bodies[0].request_params)).toEqual([
      expect.objectContaining({ name: 'ip', type: 'file', required: true }),
    ]);
  });

  it('locks the format to JSON for GET, and refuses a file parameter without multipart', async () => {
    const saves: unknown[] = [];
    server.use(
      http.get('/api/admin/get_api.php', () =>
        ok({
          ...API,
          request_method: 'POST',
          request_format: 'multipart/form-data',
          request_params: [{ name: 'photo', type: 'file', required: true, description: '' }],
        }),
      ),
      http.post('/api/admin/update_api.php', async ({ request }) => {
        saves.push(await request.json());
        return ok(API, 'API updated');
      }),
    );
    show('/admin/edit/3');
    const format = await screen.findByLabelText('请求体格式');
    expect(format).toHaveValue('multipart/form-data');
    await userEvent.selectOptions(screen.getByLabelText('请求方法'), 'GET');
    expect(format).toBeDisabled();
    expect(format).toHaveValue('application/json');
    // The file row says why at its type, and saving is refused at the list.
    const type = screen.getByLabelText('请求参数 1 类型');
    expect(type).toHaveValue('file');
    expect(type).toHaveAccessibleDescription(
      '文件类型的参数只能用于请求体格式为 Multipart 表单的 POST 或 PUT 接口',
    );
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert', { name: /^未能保存/ })).toHaveTextContent(
      '请求参数：文件类型的参数只能用于请求体格式为 Multipart 表单的 POST 或 PUT 接口',
    );
    expect(type).toHaveFocus();
    expect(saves).toEqual([]);
    // Back to POST with a multipart body: saved.
    await userEvent.selectOptions(screen.getByLabelText('请求方法'), 'POST');
    expect(format).toBeEnabled();
    await userEvent.selectOptions(format, 'multipart/form-data');
    expect(type).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('API list')).toBeInTheDocument();
    expect(saves).toEqual([
      expect.objectContaining({ request_method: 'POST', request_format: 'multipart/form-data' }),
    ]);
  });

  it('names a file parameter without a multipart body at the request parameters', async () => {
    server.use(
      http.get('/api/admin/get_api.php', () => ok(API)),
      http.post('/api/admin/update_api.php', () =>
        failure(400, {
          code: 'apis.file_without_multipart',
          field: 'request_params',
          message: 'no',
        }),
      ),
    );
    show('/admin/edit/3');
    await screen.findByLabelText('API 名称');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const { text } = await expectRefusalAtControl();
    expect(text).toBe('文件参数只能用于请求体格式为 multipart/form-data 的 POST 或 PUT 接口');
  });

  it('says at its list when a list is too long to store', async () => {
    server.use(
      http.get('/api/admin/get_api.php', () => ok(API)),
      http.post('/api/admin/update_api.php', () =>
        failure(400, { code: 'apis.list_too_long', field: 'request_params', message: 'long' }),
      ),
    );
    show('/admin/edit/3');
    await screen.findByLabelText('API 名称');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByRole('alert', { name: /^未能保存/ });
    const name = screen.getByLabelText('请求参数 1 参数名');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(
      '列表过长：请求参数、返回参数或状态码保存为 JSON 后最多 60000 字节，请删减说明或行数',
    );
  });

  it('names a taken English name at its field', async () => {
    server.use(
      http.get('/api/admin/get_api.php', () => ok(API)),
      http.post('/api/admin/update_api.php', () =>
        failure(409, { code: 'apis.name_taken', field: 'name_en', message: 'taken' }),
      ),
    );
    show('/admin/edit/3');
    await screen.findByLabelText('API 名称');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const nameEn = screen.getByLabelText('英文名');
    await screen.findByRole('alert', { name: /^未能保存/ });
    expect(nameEn).toHaveFocus();
    expect(nameEn).toHaveAccessibleDescription('已有 API 使用这个英文名称');
  });

  it('checks list rows as they are typed, with the message at the row, and refuses to save', async () => {
    const saves: { request_params: string }[] = [];
    server.use(
      http.post('/api/admin/create_api.php', async ({ request }) => {
        saves.push((await request.json()) as { request_params: string });
        return ok(API);
      }),
    );
    show('/admin/create');
    await userEvent.type(screen.getByLabelText('API 名称'), 'IP');
    await userEvent.type(screen.getByLabelText('英文名'), 'ip');
    const rowButtons = screen.getAllByRole('button', { name: '添加一行' });
    await userEvent.click(rowButtons[0]);
    expect(screen.queryByText('名称不能为空')).not.toBeInTheDocument();
    const description = screen.getByLabelText('请求参数 1 中文说明');
    await userEvent.type(description, '要查的 IP');
    await userEvent.type(screen.getByLabelText('请求参数 1 英文说明'), 'the IP to look up');
    const name = screen.getByLabelText('请求参数 1 参数名');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('名称不能为空');
    const code = screen.getByLabelText('状态码 1 状态码');
    await userEvent.clear(code);
    await userEvent.type(code, '20x');
    expect(code).toHaveAccessibleDescription('状态码须为 100 到 599 之间的整数');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请求参数：名称不能为空');
    expect(name).toHaveFocus();
    expect(saves).toEqual([]);
    await userEvent.type(name, 'ip');
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(code);
    await userEvent.type(code, '200');
    await userEvent.type(screen.getByLabelText('上游地址 (http/https)'), 'https://ip.example/v1');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('API list')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0].request_params)).toEqual([
      {
        name: 'ip',
        type: 'string',
        required: false,
        description: '要查的 IP',
        description_en: 'the IP to look up',
      },
    ]);
    // About ninety keystrokes into a form that checks each: seconds on a busy machine.
  }, 15_000);
});
