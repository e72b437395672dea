import type { AdminApi } from '@contracts/apis';
import type { ApiProbeView, SaveProbeBody } from '@contracts/health';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import ProbeCard from './ProbeCard';

const API = {
  id: 3,
  name: 'IP 查询',
  name_en: 'ip',
  example_url: '/apis/ip?ip=8.8.8.8',
  request_method: 'GET',
  upstream_timeout_ms: 5000,
} as AdminApi;

const PROBE: ApiProbeView = {
  api_id: 3,
  enabled: 1,
  method: 'GET',
  query: 'ip=8.8.8.8',
  body: null,
  expected_status: 200,
  interval_s: 60,
  timeout_ms: 5000,
  last_run_at: '2026-11-29T10:00:00.000Z',
  last_status: 500,
  last_ms: 42,
  last_error: 'answered 500, expected 200',
  consecutive_failures: 2,
  consecutive_passes: 0,
};

function show(probe: ApiProbeView | null, api: AdminApi = API) {
  let current = probe;
  const saved: SaveProbeBody[] = [];
  server.use(
    http.get('/api/admin/get_api_probe.php', () => ok(current)),
    http.post('/api/admin/save_api_probe.php', async ({ request }) => {
      const body = (await request.json()) as SaveProbeBody;
      saved.push(body);
      const { id, ...settings } = body;
      current = { ...PROBE, ...settings, api_id: id, last_run_at: null };
      return ok(current);
    }),
    http.post('/api/admin/delete_api_probe.php', () => {
      current = null;
      return ok(null);
    }),
  );
  render(
    <Provider store={makeStore()}>
      <ProbeCard api={api} />
    </Provider>,
  );
  return saved;
}

describe('ProbeCard', () => {
  it('starts a new probe from the API’s own example and saves it', async () => {
    const saved = show(null);
    const query = await screen.findByLabelText('查询参数');
    expect(query).toHaveValue('ip=8.8.8.8');
    expect(screen.getByLabelText('请求方式')).toHaveValue('GET');
    expect(screen.getByLabelText('超时（毫秒）')).toHaveValue(5000);
    expect(screen.queryByRole('button', { name: '立即探测' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存探测' }));
    expect(await screen.findByText('探测已保存')).toBeVisible();
    expect(saved).toEqual([
      {
        id: 3,
        enabled: 1,
        method: 'GET',
        query: 'ip=8.8.8.8',
        body: null,
        expected_status: 200,
        interval_s: 60,
        timeout_ms: 5000,
      },
    ]);
    expect(await screen.findByText(/尚未运行/)).toBeVisible();
  });

  it('gives a POST API a JSON body from its example', async () => {
    show(null, { ...API, request_method: 'POST', example_url: '/apis/hash?text=hi' });
    expect(await screen.findByLabelText('请求体（JSON）')).toHaveValue('{"text":"hi"}');
    expect(screen.getByLabelText('查询参数')).toHaveValue('');
  });

  it('refuses an interval under 30 seconds at the field, sending nothing', async () => {
    const saved = show(null);
    const interval = await screen.findByLabelText('间隔（秒）');
    await userEvent.clear(interval);
    await userEvent.type(interval, '10');
    await userEvent.click(screen.getByRole('button', { name: '保存探测' }));
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    expect(interval).toHaveFocus();
    expect(screen.getByText(/间隔须为 30 到 86400 之间的整数/)).toBeVisible();
    expect(saved).toHaveLength(0);
  });

  it('marks the field the server refused', async () => {
    show(null);
    server.use(
      http.post('/api/admin/save_api_probe.php', () =>
        failure(400, { message: 'too long', code: 'request.validation', field: 'query' }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: '保存探测' }));
    const query = screen.getByLabelText('查询参数');
    expect(await screen.findByText(/查询参数过长/)).toBeVisible();
    expect(query).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the last run, runs it now, and removes it after asking', async () => {
    show(PROBE, { ...API, maintenance: true });
    expect(await screen.findByText(/该 API 已自动进入维护/)).toBeVisible();
    expect(await screen.findByText(/连续失败 2 次：answered 500, expected 200/)).toBeVisible();
    server.use(
      http.post('/api/admin/run_api_probe.php', () =>
        ok({ ...PROBE, last_status: 200, last_error: '', consecutive_failures: 0 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: '立即探测' }));
    expect(await screen.findByText('探测通过：状态码 200')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: '删除探测' }));
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('探测已删除')).toBeVisible();
    expect(await screen.findByRole('button', { name: '保存探测' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '删除探测' })).toBeNull();
  });
});
