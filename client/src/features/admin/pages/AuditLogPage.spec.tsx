import type { AuditEntry } from '@contracts/audit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { http, HttpResponse, server } from '../../../test/server';
import AuditLogPage from './AuditLogPage';

const base = {
  admin_id: 1,
  admin_username: 'root',
  target_type: 'api',
  target_id: 7,
  ip: '127.0.0.1',
  created_at: '2026-11-30T08:00:00.000Z',
} as const;

const ENTRIES: AuditEntry[] = [
  {
    ...base,
    id: 2,
    action: 'update',
    before: { name: 'IP', price_per_call_milli: 5, updated_at: 'a' },
    after: { name: 'IP', price_per_call_milli: 10, updated_at: 'b' },
  },
  {
    ...base,
    id: 1,
    action: 'delete',
    before: { id: 7, name: 'IP', name_en: 'ip', status: 1, is_paid: 1, upstream_url: null },
    after: null,
  },
];

const renderPage = () =>
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <AuditLogPage />
      </MemoryRouter>
    </Provider>,
  );

function setup() {
  server.use(
    http.get('/api/admin/get_audit_log.php', () =>
      HttpResponse.json({
        success: true,
        message: 'ok',
        data: { entries: ENTRIES, total: 2, total_pages: 1, current_page: 1 },
      }),
    ),
  );
  renderPage();
}

/** The 变更 cell of the entry at `index` (the list keeps the server's order). */
const changesOf = async (index: number) => {
  await screen.findAllByRole('cell', { name: 'API #7' });
  return document.querySelectorAll<HTMLElement>('td[data-label="变更"]')[index];
};

describe('AuditLogPage', () => {
  it("reads the next page from the last entry's position, and back by number", async () => {
    const queries: string[] = [];
    server.use(
      http.get('/api/admin/get_audit_log.php', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const second = url.searchParams.get('page') === '2';
        return HttpResponse.json({
          success: true,
          message: 'ok',
          data: {
            entries: second ? ENTRIES.slice(1) : ENTRIES.slice(0, 1),
            total: 2,
            total_pages: 2,
            current_page: second ? 2 : 1,
            total_capped: false,
            next_before: second ? null : '2026-11-30T08:00:00_2',
          },
        });
      }),
    );
    renderPage();
    await screen.findAllByRole('cell', { name: 'API #7' });
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByRole('button', { name: '1' });
    await userEvent.click(screen.getByRole('button', { name: '1' }));
    await screen.findAllByRole('cell', { name: 'API #7' });
    expect(queries).toEqual([
      '?page=1&per_page=20',
      '?page=2&per_page=20&before=2026-11-30T08%3A00%3A00_2',
      '?page=1&per_page=20',
    ]);
  });

  it('shows an update as the fields it changed, in Chinese, money in yuan', async () => {
    setup();
    const cell = await changesOf(0);
    const items = within(cell).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('每次调用价格：¥0.005 → 改为¥0.010');
    expect(within(items[0]).getByRole('deletion')).toHaveTextContent('¥0.005');
    expect(within(items[0]).getByRole('insertion')).toHaveTextContent('¥0.010');
  });

  it('shows a deleted record’s first fields and the rest behind a toggle', async () => {
    setup();
    const cell = await changesOf(1);
    const shown = within(cell).getAllByRole('list')[0];
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ID：7', '名称：IP', '英文名：ip', '状态：启用']);
    await userEvent.click(within(cell).getByText('其余 2 个字段'));
    expect(within(cell).getByText('付费')).toBeVisible();
    expect(cell).toHaveTextContent('上游地址：—');
  });
});
