import type { CallLogPage } from '@contracts/usage';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { I18nProvider, type Lang } from '../../i18n';
import { failure, http, ok, server } from '../../test/server';
import AccessLogsPage from './AccessLogsPage';

const row = (id: number, extra: object) => ({
  id,
  api_name: '天气查询',
  api_title_en: 'Weather',
  ip_address: '203.0.113.9',
  access_url: '/apis/weather',
  user_agent: 'curl/8',
  access_time: '2026-11-20T08:00:00.000Z',
  status_code: 200,
  cost: '0.005',
  charge: 'charged',
  latency_ms: 42,
  key_id: 3,
  key_name: 'ci-bot',
  request_id: 'r-1',
  ...extra,
});

function show(
  path: string,
  counted: Partial<CallLogPage> = {},
  more: object[] = [],
  lang: Lang = 'en',
) {
  const queries: string[] = [];
  server.use(
    http.get('/api/user/get_user_access_logs.php', ({ request }) => {
      queries.push(new URL(request.url).search);
      return ok({
        logs: [
          row(1, {}),
          row(2, { cost: '0.000', charge: 'refunded', status_code: 502, key_id: 1, key_name: '' }),
          row(3, {
            cost: '0.000',
            charge: 'free',
            key_id: null,
            key_name: null,
            api_name: '汇率',
            api_title_en: '',
          }),
          ...more,
        ],
        total: 3,
        total_pages: 1,
        current_page: 1,
        total_capped: false,
        next_before: null,
        time_zone: 'Asia/Shanghai',
        ...counted,
      });
    }),
    http.get('/api/user/get_access_log_options.php', () =>
      ok({
        apis: [
          { id: 9, name: '天气查询', title_en: 'Weather' },
          { id: 4, name: '汇率', title_en: '' },
          { id: 5, name: '二维码', title_en: 'QR code' },
        ],
        keys: [
          { id: 1, name: '', is_default: true },
          { id: 3, name: 'ci-bot', is_default: false },
        ],
      }),
    ),
  );
  render(
    <Provider store={makeStore()}>
      <I18nProvider initial={lang}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/user/accesslogs" element={<AccessLogsPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return queries;
}

describe('AccessLogsPage', () => {
  it.each([
    ['en' as const, '¥0.005 Credit'],
    ['zh' as const, '¥0.005 赠金'],
  ])('marks a call its user’s credit paid for (%s)', async (lang, text) => {
    show('/user/accesslogs', {}, [row(4, { charged_from: 'credit' })], lang);
    expect(await screen.findByTestId('charge-4')).toHaveTextContent(text);
    expect(screen.getByTestId('charge-1')).toHaveTextContent(/^¥0\.005$/);
  });

  it.each([
    ['en' as const, '¥0.000 Plan'],
    ['zh' as const, '¥0.000 套餐'],
  ])('marks a call its user’s plan paid for (%s)', async (lang, text) => {
    show(
      '/user/accesslogs',
      {},
      [row(5, { cost: '0.000', charge: 'free', charged_from: 'plan' })],
      lang,
    );
    expect(await screen.findByTestId('charge-5')).toHaveTextContent(text);
    expect(screen.getByTestId('charge-1')).toHaveTextContent(/^¥0\.005$/);
  });

  it("shows SPEC's columns with the key, status, cost and latency, and marks refunds", async () => {
    show('/user/accesslogs');
    const charged = await screen.findByTestId('charge-1');
    expect(charged).toHaveTextContent('¥0.005');
    expect(screen.getByTestId('charge-2')).toHaveTextContent('¥0.000 Refunded');
    expect(screen.getByTestId('charge-3')).toHaveTextContent('Free');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    // The time comes first; the address and user agent are behind each call's Details.
    expect(headers).toEqual([
      'Request time (Asia/Shanghai)',
      'ID',
      'API name',
      'Key',
      'Status',
      'Cost',
      'Latency',
      'Access URL',
      'Details',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    // Times on the site's clock, whose days the filters count: 08:00 UTC is 16:00 in Shanghai.
    expect(rows[0]).toHaveTextContent('11/20/2026, 4:00:00 PM');
    expect(rows[1]).toHaveAttribute('data-charge', 'refunded');
    expect(rows[1]).toHaveClass('portico-row-refunded');
    expect(rows[0]).not.toHaveClass('portico-row-refunded');
    expect(within(rows[0]).getByText('ci-bot')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Default key')).toBeInTheDocument();
    expect(within(rows[2]).getByText('no key')).toBeInTheDocument();
    expect(within(rows[0]).getByText('42 ms')).toBeInTheDocument();
    // Each cell names its column, so a phone can show the row as a stack.
    expect(within(rows[0]).getByText('200').closest('td')).toHaveAttribute('data-label', 'Status');
  });

  it('says "more than" when the server counted the log only so far', async () => {
    show('/user/accesslogs', { total: 10_000, total_pages: 500, total_capped: true });
    expect(await screen.findByTestId('logs-total')).toHaveTextContent(
      'More than 10,000 call records',
    );
  });

  it("shows a call's address, user agent and request id behind its Details button", async () => {
    show('/user/accesslogs');
    await screen.findByTestId('charge-1');
    const addresses = screen.getAllByText('203.0.113.9');
    expect(addresses).toHaveLength(3);
    for (const address of addresses) expect(address).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Show the details of call 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the details of call 1');
    expect(toggle).toHaveTextContent('Hide');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).toBeVisible();
    expect(within(details).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(details).getByText('curl/8')).toBeInTheDocument();
    expect(within(details).getByText('r-1')).toBeInTheDocument();
    // The other calls stay folded.
    expect(addresses[0]).toBeVisible();
    expect(addresses[1]).not.toBeVisible();
    expect(addresses[2]).not.toBeVisible();
    await userEvent.click(toggle);
    expect(details).not.toBeVisible();
  });

  it('names each API by its English title on the English page, else by its name', async () => {
    show('/user/accesslogs');
    await screen.findByTestId('charge-1');
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Weather');
    expect(rows[1]).not.toHaveTextContent('天气查询');
    expect(rows[3]).toHaveTextContent('汇率');
    // The filter lists them in the order of the names shown, not the server's (by Chinese name).
    const apis = screen.getByLabelText('API');
    await within(apis).findByRole('option', { name: 'Weather' });
    expect(
      within(apis)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'QR code', 'Weather', '汇率']);
  });

  it('sends the filters from the URL and links the export to the same filters', async () => {
    const queries = show('/user/accesslogs?api_id=9&status=refunded&from=2026-11-01&to=2026-11-20');
    await screen.findByTestId('charge-1');
    expect(queries[0]).toBe(
      '?page=1&api_id=9&status=refunded&from=2026-11-01&to=2026-11-20&per_page=20',
    );
    expect(screen.getByTestId('logs-export')).toHaveAttribute(
      'href',
      '/api/user/export_access_logs.php?api_id=9&status=refunded&from=2026-11-01&to=2026-11-20',
    );
  });

  it('filters by key from the select and starts again at page 1', async () => {
    const queries = show('/user/accesslogs?page=2');
    await screen.findByTestId('charge-1');
    await userEvent.selectOptions(screen.getByLabelText('Key'), 'ci-bot');
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&key_id=3&per_page=20'));
  });

  it("reads the next page on from this page's last call, and numbered pages by number", async () => {
    const queries = show('/user/accesslogs?status=success', {
      total: 60,
      total_pages: 3,
      next_before: '2026-12-03T07:00:00.123_41',
    });
    await screen.findByTestId('charge-1');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        '?page=2&status=success&before=2026-12-03T07%3A00%3A00.123_41&per_page=20',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&status=success&per_page=20'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=3&status=success&per_page=20'));
    // A position that is not one is not sent.
    const typed = show('/user/accesslogs?page=2&before=abc');
    await waitFor(() => expect(typed.at(-1)).toBe('?page=2&per_page=20'));
  });

  it('does not ask the server for a range that ends before it starts', async () => {
    const queries = show('/user/accesslogs?from=2026-11-20&to=2026-11-01');
    const message = await screen.findByText('The start day must not be after the end day.');
    // Both days are marked and say what is wrong with them.
    for (const label of ['From', 'To']) {
      const day = screen.getByLabelText(label);
      expect(day).toHaveAttribute('aria-invalid', 'true');
      expect(day).toHaveAttribute('aria-describedby', message.id);
    }
    expect(queries).toEqual([]);
  });

  it("shows the server's refusal of a filter", async () => {
    show('/user/accesslogs?from=2026-11-01');
    server.use(
      http.get('/api/user/get_user_access_logs.php', () =>
        failure(400, {
          message: 'from is not a calendar day',
          code: 'request.validation',
          field: 'from',
        }),
      ),
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
