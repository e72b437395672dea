import type { ApiSummary } from '@contracts/apis';
import type { Category } from '@contracts/categories';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { I18nProvider, type Lang } from '../../i18n';
import { http, HttpResponse, server } from '../../test/server';
import HomePage from './HomePage';

const CATEGORIES: Category[] = [
  { id: 1, name: '网络工具', name_en: 'Network', slug: 'network', sort_order: 10, api_count: 2 },
  { id: 2, name: '文本处理', name_en: 'Text', slug: 'text', sort_order: 20, api_count: 1 },
  { id: 3, name: '空分类', name_en: 'Empty', slug: 'empty', sort_order: 30, api_count: 0 },
];

const api = (id: number, name_en: string, is_paid: number): ApiSummary => ({
  id,
  name: name_en,
  name_en,
  title_en: name_en,
  description: '',
  description_en: '',
  endpoint: `/apis/${name_en}`,
  request_method: 'GET',
  status: 1,
  is_paid,
  is_pinned: 0,
  price_per_call: '0.001',
  usage_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  categories: [],
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

/** Answers the list and records each query string it was asked with, paid and free apart. */
function setup(url: string, lang: Lang = 'en', answer?: (query: URLSearchParams) => Response) {
  const asked: { paid: string[]; free: string[] } = { paid: [], free: [] };
  server.use(
    http.get('/api/get_categories.php', () =>
      HttpResponse.json({ success: true, message: 'ok', data: CATEGORIES }),
    ),
    http.get('/api/admin/get_partners.php', () =>
      HttpResponse.json({ success: true, message: 'ok', data: [] }),
    ),
    http.get('/api/admin/get_ads.php', () =>
      HttpResponse.json({ success: true, message: 'ok', data: [] }),
    ),
    http.get('/api/get_usage_stats.php', () =>
      HttpResponse.json({
        success: true,
        message: 'ok',
        data: { total_today_global_calls: 0, total_global_calls: 0 },
      }),
    ),
    http.get('/api/get_api_list.php', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const paid = query.get('is_paid') === '1';
      const rest = new URLSearchParams(query);
      for (const key of ['is_paid', 'per_page']) rest.delete(key);
      rest.sort();
      asked[paid ? 'paid' : 'free'].push(rest.toString());
      if (answer) return answer(query);
      const rows = paid ? [api(1, 'paid-one', 1)] : [api(2, 'free-one', 0)];
      return HttpResponse.json({
        success: true,
        message: 'ok',
        data: rows,
        total: rows.length,
        total_pages: 1,
        current_page: 1,
      });
    }),
  );
  render(
    <I18nProvider initial={lang}>
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={[url]}>
          <HomePage />
          <Where />
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return asked;
}

const chips = () => within(screen.getByRole('group', { name: 'Categories' }));

describe('home category chips and sort', () => {
  it('offers All and the categories that have APIs, All chosen at first', async () => {
    setup('/');
    expect(chips().getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(await chips().findByRole('button', { name: 'Network' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(chips().queryByRole('button', { name: 'Empty' })).not.toBeInTheDocument();
    await screen.findByText('free-one');
  });

  it('filters both lists by the chosen chip, in the URL, back to page 1', async () => {
    const asked = setup('/?page=2&paid_page=3');
    await screen.findByText('free-one');
    expect(asked.paid).toEqual(['page=3']);
    await userEvent.click(chips().getByRole('button', { name: 'Network' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?category=network');
    expect(chips().getByRole('button', { name: 'Network' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(asked.free).toContain('category=network&page=1'));
    expect(asked.paid).toContain('category=network&page=1');

    // Choosing the chosen chip again, or All, takes the filter off.
    await userEvent.click(chips().getByRole('button', { name: 'Network' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
  });

  it('sorts both lists with the select and keeps the choice in the URL', async () => {
    const asked = setup('/?category=text');
    await screen.findByText('free-one');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('');
    await userEvent.selectOptions(sort, 'Lowest price');
    expect(screen.getByTestId('where')).toHaveTextContent('?category=text&sort=price');
    await waitFor(() => expect(asked.paid).toContain('category=text&page=1&sort=price'));
    expect(asked.free).toContain('category=text&page=1&sort=price');
    await userEvent.selectOptions(sort, 'Featured');
    expect(screen.getByTestId('where')).toHaveTextContent('?category=text');
  });

  it('never sends a sort or category the URL got wrong', async () => {
    const asked = setup('/?sort=cheapest&category=Not%20A%20Slug');
    await screen.findByText('free-one');
    expect(asked.free).toEqual(['page=1']);
    expect(asked.paid).toEqual(['page=1']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  });

  it('falls back to all APIs with a notice when the URL names a category that is gone', async () => {
    const asked = setup('/?category=retired&sort=price');
    await screen.findByText('free-one');
    expect(asked.free).toEqual(['page=1&sort=price']);
    expect(asked.paid).toEqual(['page=1&sort=price']);
    const notice = 'There is no category “retired” any more, so all APIs are shown.';
    expect(screen.getByText(notice)).toHaveAttribute('role', 'status');
    expect(chips().getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(chips().getByRole('button', { name: 'Network' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?category=network&sort=price');
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    await waitFor(() => expect(asked.free).toContain('category=network&page=1&sort=price'));
  });

  it('names the chips in Chinese on the Chinese site', async () => {
    setup('/', 'zh');
    const group = within(screen.getByRole('group', { name: '分类' }));
    expect(group.getByRole('button', { name: '全部' })).toBeInTheDocument();
    expect(await group.findByRole('button', { name: '网络工具' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '排序' })).toHaveDisplayValue('推荐');
    await screen.findByText('free-one');
  });

  it('leaves out the paid section when the chosen category has no paid APIs', async () => {
    setup('/?category=text', 'en', (query) =>
      query.get('is_paid') === '1'
        ? HttpResponse.json({ success: true, message: 'ok', data: [], total: 0, total_pages: 0 })
        : HttpResponse.json({
            success: true,
            message: 'ok',
            data: [api(2, 'free-one', 0)],
            total: 1,
            total_pages: 1,
          }),
    );
    await screen.findByText('free-one');
    expect(screen.queryByRole('heading', { name: 'Paid APIs' })).not.toBeInTheDocument();
  });

  it('says so when a category has no free APIs', async () => {
    setup('/?category=text', 'en', (query) =>
      query.get('is_paid') === '1'
        ? HttpResponse.json({
            success: true,
            message: 'ok',
            data: [api(1, 'paid-one', 1)],
            total: 1,
            total_pages: 1,
          })
        : HttpResponse.json({ success: true, message: 'ok', data: [], total: 0, total_pages: 0 }),
    );
    expect(await screen.findByText('No APIs in this category.')).toBeInTheDocument();
  });

  it('leads back from a page past the end of either list to its first page', async () => {
    // jsdom lays nothing out and has no scrolling to a list's heading.
    Element.prototype.scrollIntoView = () => undefined;
    const asked = setup('/?page=9&paid_page=7', 'en', () =>
      HttpResponse.json({ success: true, message: 'ok', data: [], total: 13, total_pages: 2 }),
    );
    const back = await screen.findAllByRole('button', { name: 'Go to the first page' });
    expect(back).toHaveLength(2);
    expect(screen.getAllByText(/There is nothing on this page\./)).toHaveLength(2);
    await userEvent.click(back[0]);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\?page=9$/);
    await waitFor(() => expect(asked.paid).toContain('page=1'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
  });
});

describe('home page search of every API', () => {
  it('says what the site offers in a heading, in the page’s language', async () => {
    setup('/');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Public HTTP APIs, ready to call',
      }),
    ).toBeInTheDocument();
    await screen.findByText('free-one');
  });

  it('searches both lists at once from page 1, each list still narrowing on its own', async () => {
    const asked = setup('/?page=2&paid_page=3');
    await screen.findByText('free-one');
    const all = screen.getByRole('searchbox', { name: 'Search all APIs' });
    await userEvent.type(all, 'hash');
    expect(screen.getByRole('searchbox', { name: 'Search paid APIs' })).toHaveValue('hash');
    expect(screen.getByRole('searchbox', { name: 'Search free APIs' })).toHaveValue('hash');
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
    await waitFor(() => expect(asked.free).toContain('page=1&search=hash'));
    expect(asked.paid).toContain('page=1&search=hash');

    // The free list's own box narrows the free list only.
    const free = screen.getByRole('searchbox', { name: 'Search free APIs' });
    await userEvent.type(free, '-x');
    await waitFor(() => expect(asked.free).toContain('page=1&search=hash-x'));
    expect(asked.paid.some((query) => query.includes('hash-x'))).toBe(false);
    expect(all).toHaveValue('hash');
  });

  it('names the search in Chinese on the Chinese site', async () => {
    setup('/', 'zh');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('即刻可调的公开 HTTP API');
    expect(screen.getByRole('searchbox', { name: '搜索全部 API' })).toBeInTheDocument();
    await screen.findByText('free-one');
  });
});
