import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { loggedIn } from '../../app/authSlice';
import { makeStore } from '../../app/store';
import { I18nProvider, type Lang } from '../../i18n';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import ApiDetailPage, { apiRefFromParams } from './ApiDetailPage';

const API = {
  id: 7,
  name: 'IP lookup',
  name_en: 'ip',
  description: 'Where a request comes from',
  description_en: '',
  endpoint: '/apis/ip',
  example_url: '/apis/ip?format=json',
  response_format: 'application/json',
  request_method: 'GET',
  status: 1,
  is_paid: 1,
  is_pinned: 0,
  price_per_call: '0.002',
  usage_count: 1234,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  request_params: [{ name: 'format', type: 'string', required: false, description: 'json' }],
  response_params: [],
  status_codes: [],
  php_example: '<?php echo 1;',
  response_example: '{"success":true}',
};

/** Answers get_api_detail.php and records the query strings it was asked with. */
function setup(answer: () => Response | Promise<Response>, signedIn = false, lang: Lang = 'en') {
  const queries: string[] = [];
  server.use(
    http.get('/api/get_api_detail.php', ({ request }) => {
      queries.push(new URL(request.url).search);
      return answer();
    }),
  );
  sessionStorage.clear();
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ id: 1, username: 'alice', api_key: 'pk_secret' }));
  render(
    <Provider store={store}>
      <I18nProvider initial={lang}>
        <MemoryRouter initialEntries={['/api/7/ip']}>
          <Routes>
            <Route path="/api/:id/:name_en?" element={<ApiDetailPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return queries;
}

describe('ApiDetailPage', () => {
  it('shows the documentation with the empty-table messages and the page title', async () => {
    const queries = setup(() => ok(API));
    expect(await screen.findByRole('heading', { level: 1, name: 'IP lookup' })).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/apis/ip`)).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download ip.openapi.json' })).toHaveAttribute(
      'href',
      '/openapi/ip.json',
    );
    expect(screen.getByRole('cell', { name: 'format' })).toBeInTheDocument();
    expect(screen.getByText('no response parameters')).toBeInTheDocument();
    expect(screen.getByText('no specific status codes')).toBeInTheDocument();
    expect(screen.getByLabelText('PHP example', { selector: 'pre' })).toHaveTextContent(
      '<?php echo 1;',
    );
    expect(screen.getByLabelText('curl request example', { selector: 'pre' })).toHaveTextContent(
      'X-API-Key: YOUR_API_KEY',
    );
    expect(document.title).toBe('IP lookup - Portico API');
    expect(queries).toEqual(['?id=7']);
  });

  it("shows the 7 days' health only when the API has figures", async () => {
    setup(() =>
      ok({
        ...API,
        health: { state: 'degraded', calls: 4321, success_rate: 93.5, p50_ms: 120, p95_ms: 880 },
      }),
    );
    const row = (await screen.findByText('Health (7 days)')).parentElement!;
    expect(row).toHaveTextContent(
      'Degraded' + 'median 120 ms · 95th percentile 880 ms · 93.5% of 4,321 calls worked',
    );
    cleanup();
    setup(() => ok({ ...API, health: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'IP lookup' })).toBeInTheDocument();
    expect(screen.queryByText('Health (7 days)')).not.toBeInTheDocument();
  });

  it('links the example URL only where opening it works: a free GET API', async () => {
    setup(() => ok(API));
    const url = `${window.location.origin}/apis/ip?format=json`;
    expect(await screen.findByText(url)).not.toHaveAttribute('href');
    cleanup();
    setup(() => ok({ ...API, is_paid: 0 }));
    expect(await screen.findByRole('link', { name: url })).toHaveAttribute('href', url);
  });

  it('keeps a disabled API’s documentation, says it is unavailable and offers no call', async () => {
    setup(() => ok({ ...API, status: 0, is_paid: 0 }));
    expect(await screen.findByTestId('api-unavailable')).toHaveTextContent(
      'This API is temporarily unavailable',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'IP lookup' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'format' })).toBeInTheDocument();
    expect(screen.getByLabelText('PHP example', { selector: 'pre' })).toBeInTheDocument();
    const url = `${window.location.origin}/apis/ip?format=json`;
    expect(screen.getByText(url)).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: /openapi\.json/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('curl request example', { selector: 'pre' })).toBeNull();
  });

  it('reads list fields sent as (doubly) encoded JSON text', async () => {
    const encoded = JSON.stringify(JSON.stringify(API.request_params));
    setup(() => ok({ ...API, request_params: encoded, status_codes: 'not json' }));
    expect(await screen.findByRole('cell', { name: 'format' })).toBeInTheDocument();
    expect(screen.getByText('no specific status codes')).toBeInTheDocument();
  });

  it('says when there are no request parameters, and shows the signed-in key only when asked', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    setup(() => ok({ ...API, request_params: [] }), true);
    expect(await screen.findByText('no request parameters')).toBeInTheDocument();
    const example = screen.getByLabelText('curl request example', { selector: 'pre' });
    // Hidden at first (a screen share must not show it), yet Copy copies the real key.
    expect(example).toHaveTextContent('X-API-Key: YOUR_API_KEY');
    expect(document.body).not.toHaveTextContent('pk_secret');
    await userEvent.click(screen.getByRole('button', { name: 'Copy curl request example' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.calls[0]).toEqual([expect.stringContaining('X-API-Key: pk_secret')]);
    const show = screen.getByRole('button', { name: 'Show my key' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    expect(example).toHaveTextContent('X-API-Key: pk_secret');
    expect(screen.getByText(/Your API key is filled in/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide my key' }));
    expect(example).toHaveTextContent('X-API-Key: YOUR_API_KEY');
  });

  it.each([
    [
      '404',
      () => failure(404, { code: 'apis.not_found', message: 'API not found' }),
      'API not found',
    ],
    ['500', () => failure(500), 'failed to get API data (status code 500)'],
    ['a network failure', () => HttpResponse.error(), 'No response from the server'],
  ])('explains %s', async (_case, answer, text) => {
    setup(answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  describe.each<[Lang, string, string, string, string]>([
    ['en', 'time zone', 'the caller', '仅中文', 'Chinese only'],
    ['zh', '时区', '调用方', 'only English', '仅有英文'],
  ])('on a %s page', (lang, tz, ip, untranslated, tag) => {
    it("describes parameters, fields and codes in the page's language, else marks the other", async () => {
      setup(
        () =>
          ok({
            ...API,
            request_params: [
              {
                name: 'tz',
                type: 'string',
                required: false,
                description: '时区',
                description_en: 'time zone',
              },
              {
                name: 'ip',
                type: 'string',
                required: false,
                description: '调用方',
                description_en: 'the caller',
              },
            ],
            response_params: [
              { name: 'zh_only', type: 'string', description: '仅中文', description_en: '' },
              { name: 'en_only', type: 'string', description: '', description_en: 'only English' },
            ],
            status_codes: [{ code: 200, description: '成功', description_en: 'OK' }],
          }),
        false,
        lang,
      );
      await screen.findByRole('heading', { level: 1 });
      for (const text of [tz, ip]) {
        expect(screen.getByRole('cell', { name: text })).toBeInTheDocument();
      }
      expect(screen.getByRole('cell', { name: lang === 'en' ? 'OK' : '成功' })).toBeInTheDocument();
      const other = screen.getByText(untranslated);
      expect(other).toHaveAttribute('lang', lang === 'en' ? 'zh-CN' : 'en');
      expect(other.closest('td')).toHaveTextContent(`${untranslated} ${tag}`);
      // The row in the page's language carries no tag.
      const own = lang === 'en' ? 'only English' : '仅中文';
      expect(screen.getByText(own).closest('td')).toHaveTextContent(new RegExp(`^${own}$`));
      // The try-it console's help under each field follows the page too.
      for (const text of [tz, ip]) {
        expect(screen.getAllByText(text).map((node) => node.tagName)).toEqual(['DIV', 'TD']);
      }
    });
  });

  it('puts the console right after the summary, and none on a disabled API', async () => {
    setup(() => ok(API));
    await screen.findByRole('heading', { level: 1 });
    const sections = () =>
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections()).toEqual([
      'Basic info',
      'Try it',
      'Request examples',
      'Request parameters',
      'Response parameters',
      'Status codes',
      'PHP example',
      'Response example',
    ]);
    expect(document.querySelector('.portico-detail-grid > .portico-detail-try')).not.toBeNull();
    cleanup();
    setup(() => ok({ ...API, status: 0 }));
    await screen.findByTestId('api-unavailable');
    expect(sections()).not.toContain('Try it');
    expect(document.querySelector('.portico-detail-grid')).toBeNull();
  });

  it("reads an older row's lone text by its script: English on a 中文 page is tagged", async () => {
    const legacy = { ...API, status_codes: [{ code: 200, description: 'the result is in data' }] };
    setup(() => ok(legacy), false, 'zh');
    const text = await screen.findByText('the result is in data');
    expect(text).toHaveAttribute('lang', 'en');
    expect(text.closest('td')).toHaveTextContent('the result is in data 仅有英文');
    cleanup();
    setup(() => ok(legacy), false, 'en');
    const plain = await screen.findByText('the result is in data');
    expect(plain).toHaveTextContent(/^the result is in data$/);
    expect(plain).not.toHaveAttribute('lang');
  });

  it('moves between the example languages with the arrow keys, Home and End', async () => {
    setup(() => ok(API));
    const tablist = await screen.findByRole('tablist', { name: 'Request examples' });
    const selected = () => screen.getByRole('tab', { selected: true });
    const stops = () =>
      screen.getAllByRole('tab').filter((tab) => tab.getAttribute('tabindex') === '0');
    expect(stops()).toEqual([selected()]);
    await userEvent.click(screen.getByRole('tab', { name: 'cURL' }));
    const steps: [string, string, string][] = [
      ['{ArrowRight}', 'JavaScript (fetch)', 'javascript'],
      ['{ArrowLeft}', 'cURL', 'curl'],
      ['{ArrowLeft}', 'Rust (reqwest)', 'rust'],
      ['{ArrowRight}', 'cURL', 'curl'],
      ['{End}', 'Rust (reqwest)', 'rust'],
      ['{Home}', 'cURL', 'curl'],
    ];
    for (const [key, name, language] of steps) {
      await userEvent.keyboard(key);
      expect(selected()).toHaveAccessibleName(name);
      expect(selected()).toHaveFocus();
      expect(stops()).toEqual([selected()]);
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveAccessibleName(name);
      expect(selected()).toHaveAttribute('aria-controls', panel.id);
      expect(screen.getByLabelText(`${language} request example`, { selector: 'pre' })).toBe(
        panel.querySelector('pre'),
      );
    }
    expect(tablist).toContainElement(selected());
  });

  it('says how a body method takes its parameters, in either language', async () => {
    const upload = {
      ...API,
      request_method: 'POST',
      request_format: 'multipart/form-data',
      request_params: [{ name: 'file', type: 'file', required: true, description: 'a file' }],
    };
    setup(() => ok(upload), false, 'zh');
    expect(await screen.findByText('请求体：multipart 表单（multipart/form-data）')).toBeVisible();
    expect(screen.getByText('请求体', { selector: 'dt' })).toBeInTheDocument();
    cleanup();
    setup(() => ok({ ...upload, request_format: 'application/x-www-form-urlencoded' }));
    expect(await screen.findByText('Body: form (application/x-www-form-urlencoded)')).toBeVisible();
    cleanup();
    // GET sends no body: nothing to say.
    setup(() => ok(API));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/^Body:/)).not.toBeInTheDocument();
    expect(screen.queryByText('Request body', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows a loading state', async () => {
    setup(async () => {
      await delay(50);
      return ok(API);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('IP lookup');
  });
});

describe('apiRefFromParams', () => {
  it('takes a numeric id, else the English name', () => {
    expect(apiRefFromParams('12', 'x')).toEqual({ id: 12 });
    expect(apiRefFromParams('ip-lookup', undefined)).toEqual({ name_en: 'ip-lookup' });
    expect(apiRefFromParams(undefined, 'ip')).toEqual({ name_en: 'ip' });
    expect(apiRefFromParams(' ', undefined)).toBeNull();
  });
});
