import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import ApiEditorPage from './ApiEditorPage';

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
};

function show(path: string) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/create" element={<ApiEditorPage />} />
          <Route path="/admin/edit/:id" element={<ApiEditorPage />} />
          <Route path="/admin/control" element={<p>API list</p>} />
        </Routes>
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
        request_params: '[{"name":"ip","type":"string","required":true,"description":""}]',
        handler: 'ip',
        upstream_url: '',
      }),
    ]);
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
    expect(screen.getByRole('alert')).toHaveTextContent('API 名称、英文名称和 Endpoint 不能为空');
    await userEvent.type(screen.getByLabelText('API 名称'), 'IP');
    await userEvent.type(screen.getByLabelText('英文名'), 'ip');
    expect(screen.getByLabelText('Endpoint')).toHaveValue('/apis/ip');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('已有 API 使用这个英文名称');
  });
});
