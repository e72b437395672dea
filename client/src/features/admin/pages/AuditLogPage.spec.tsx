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
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <AuditLogPage />
      </MemoryRouter>
    </Provider>,
  );
}

/** The 变更 cell of the entry at `index` (the list keeps the server's order). */
const changesOf = async (index: number) => {
  await screen.findAllByRole('cell', { name: 'API #7' });
  return document.querySelectorAll<HTMLElement>('td[data-label="变更"]')[index];
};

describe('AuditLogPage', () => {
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
