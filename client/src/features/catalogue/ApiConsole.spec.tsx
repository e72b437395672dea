import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { loggedIn } from '../../app/authSlice';
import { makeStore } from '../../app/store';
import { http, HttpResponse, ok, server } from '../../test/server';
import ApiDetailPage from './ApiDetailPage';

const QRCODE = {
  id: 3,
  name: '二维码',
  name_en: 'qrcode',
  title_en: 'QR code',
  description: '',
  description_en: '',
  endpoint: '/apis/qrcode',
  example_url: '/apis/qrcode?text=hello&size=256',
  response_format: 'image/svg+xml, image/png',
  request_method: 'GET',
  status: 1,
  is_paid: 1,
  is_pinned: 0,
  price_per_call: '0.005',
  usage_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  request_params: [
    { name: 'text', type: 'string', required: true, description: 'content' },
    { name: 'size', type: 'integer', required: false, description: 'pixels' },
    {
      name: 'level',
      type: 'string',
      required: false,
      description: 'error correction',
      enum: ['l', 'm', 'q', 'h'],
      default: 'm',
    },
  ],
  response_params: [],
  status_codes: [],
  php_example: '',
  response_example: '',
};

const DIFF = {
  ...QRCODE,
  id: 4,
  name_en: 'text-diff',
  title_en: 'Text diff',
  endpoint: '/apis/text-diff',
  example_url: '/apis/text-diff?a=x',
  response_format: 'application/json',
  request_method: 'POST',
  is_paid: 0,
  price_per_call: '0.000',
  request_params: [
    { name: 'a', type: 'string', required: true, description: '' },
    { name: 'n', type: 'number', required: false, description: '' },
    { name: 'strict', type: 'boolean', required: false, description: '' },
    { name: 'tags', type: 'array', required: false, description: '' },
    { name: 'opts', type: 'object', required: false, description: '' },
  ],
};

const FORM_HASH = {
  ...DIFF,
  id: 5,
  name_en: 'form-hash',
  title_en: 'Form hash',
  endpoint: '/apis/form-hash',
  example_url: '',
  request_format: 'application/x-www-form-urlencoded',
  request_params: [
    { name: 'text', type: 'string', required: true, description: '' },
    { name: 'algo', type: 'string', required: false, description: '', enum: ['md5', 'sha256'] },
  ],
};

const FILE_HASH = {
  ...FORM_HASH,
  id: 6,
  name_en: 'file-hash',
  title_en: 'File hash',
  endpoint: '/apis/file-hash',
  request_format: 'multipart/form-data',
  request_params: [
    { name: 'file', type: 'file', required: true, description: 'the file', example: 'a.txt' },
    { name: 'algo', type: 'string', required: false, description: '', enum: ['md5', 'sha256'] },
  ],
};

/** A recorded multipart body, read back as the form it was. */
const formOf = (call: Seen) =>
  new Response(call.body, { headers: { 'content-type': call.type ?? '' } }).formData();

interface Seen {
  url: string;
  method: string;
  key: string | null;
  idempotencyKey: string | null;
  type: string | null;
  body: string;
}

function setup(api: typeof QRCODE | typeof FORM_HASH, answer: () => Response, signedIn = true) {
  const seen: Seen[] = [];
  server.use(
    http.get('/api/get_api_detail.php', () => ok(api)),
    http.get('/api/user/get_user_info.php', () =>
      ok({ id: 1, username: 'alice', balance: '9.995', api_key: 'pk_secret', created_at: '' }),
    ),
    http.all(`/apis/${api.name_en}`, async ({ request }) => {
      seen.push({
        url: request.url,
        method: request.method,
        key: request.headers.get('x-api-key'),
        idempotencyKey: request.headers.get('idempotency-key'),
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  sessionStorage.clear();
  const store = makeStore();
  if (signedIn) {
    store.dispatch(loggedIn({ id: 1, username: 'alice', balance: '10.000', api_key: 'pk_secret' }));
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/api/${api.id}/${api.name_en}`]}>
        <Routes>
          <Route path="/api/:id/:name_en?" element={<ApiDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return seen;
}

const svg = () =>
  new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
    headers: {
      'content-type': 'image/svg+xml',
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': '599',
      'x-ratelimit-reset': '60',
      'x-cost': '0.005',
      // The balance right after the call, which the user centre may no longer say.
      'x-balance': '9.990',
    },
  });

const curlExample = () => screen.getByLabelText('curl request example', { selector: 'pre' });

describe('the try-it console', () => {
  it('runs a paid API with the key in a header, previews the image and shows the charge', async () => {
    const seen = setup(QRCODE, svg);
    const form = await screen.findByTestId('api-console');
    const text = within(form).getByLabelText(/^text/);
    expect(text).toHaveValue('hello');
    expect(within(form).getByLabelText(/^size/)).toHaveValue('256');
    // An enum is a select, its default chosen; an optional one can be left out.
    const level = within(form).getByLabelText(/^level/);
    expect(level.tagName).toBe('SELECT');
    expect(level).toHaveValue('m');
    await userEvent.selectOptions(level, 'h');
    await userEvent.clear(text);
    await userEvent.type(text, 'hi there');
    // The examples follow the console's values.
    expect(curlExample()).toHaveTextContent('/apis/qrcode?text=hi+there&size=256&level=h');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));

    expect((await screen.findByTestId('console-image')).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    expect(screen.getByTestId('console-status')).toHaveTextContent('200');
    expect(await screen.findByTestId('console-billing')).toHaveTextContent(
      'Charged ¥0.005; your balance is now ¥9.990.',
    );
    expect(screen.getByText('x-ratelimit-remaining')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0].key).toBe('pk_secret');
    expect(seen[0].url).toBe(
      `${window.location.origin}/apis/qrcode?text=hi+there&size=256&level=h`,
    );
    expect(seen[0].url).not.toContain('pk_secret');
  });

  it('sends a paid call a fresh Idempotency-Key on every click, edited or not', async () => {
    const seen = setup(QRCODE, svg);
    const form = await screen.findByTestId('api-console');
    const send = () => userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    await send();
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: /Send request/ })).toBeEnabled(),
    );
    await send();
    await waitFor(() => expect(seen).toHaveLength(2));
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: /Send request/ })).toBeEnabled(),
    );
    await userEvent.type(within(form).getByLabelText(/^text/), '!');
    await send();
    await waitFor(() => expect(seen).toHaveLength(3));

    const keys = seen.map((call) => call.idempotencyKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(3);
    // What "copy as" shows generates a key of its own, never one the console sent.
    expect(curlExample()).toHaveTextContent('Idempotency-Key: $(od -An -tx1 -N16 /dev/urandom');
    for (const key of keys) expect(curlExample()).not.toHaveTextContent(key!);
  });

  it('validates before sending, with the message at the field', async () => {
    const seen = setup(QRCODE, svg);
    const form = await screen.findByTestId('api-console');
    await userEvent.clear(within(form).getByLabelText(/^text/));
    await userEvent.clear(within(form).getByLabelText(/^size/));
    await userEvent.type(within(form).getByLabelText(/^size/), '12.5');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));

    const text = within(form).getByLabelText(/^text/);
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(/This parameter is required\./);
    expect(within(form).getByLabelText(/^size/)).toHaveAccessibleDescription(
      /Enter a whole number/,
    );
    expect(text).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it('sends a POST API its typed JSON body and checks JSON fields', async () => {
    const seen = setup(DIFF, () => ok({ same: false }));
    const form = await screen.findByTestId('api-console');
    await userEvent.type(within(form).getByLabelText(/^n/), '2.5');
    await userEvent.selectOptions(within(form).getByLabelText(/^strict/), 'true');
    fireEvent.change(within(form).getByLabelText(/^tags/), { target: { value: '{"no": 1}' } });
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(within(form).getByLabelText(/^tags/)).toHaveAccessibleDescription(/JSON array/);
    expect(seen).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^tags/), { target: { value: '["a", 1]' } });
    fireEvent.change(within(form).getByLabelText(/^opts/), { target: { value: '{"k": true}' } });
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByTestId('console-body')).toHaveTextContent('"same": false');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      key: 'pk_secret',
      type: 'application/json',
      url: `${window.location.origin}/apis/text-diff`,
      idempotencyKey: null,
    });
    expect(JSON.parse(seen[0].body)).toEqual({
      a: 'x',
      n: 2.5,
      strict: true,
      tags: ['a', 1],
      opts: { k: true },
    });
    // A free API: nothing about charges.
    expect(screen.queryByTestId('console-billing')).not.toBeInTheDocument();
  });

  it('shows the gateway envelope; a 402 offers the recharge page and nothing was charged', async () => {
    setup(QRCODE, () =>
      HttpResponse.json(
        { success: false, code: 'gateway.insufficient_balance', message: 'insufficient balance' },
        { status: 402, headers: { 'x-cost': '0.000', 'x-balance': '0.001' } },
      ),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your balance does not cover the price of this call.');
    // The sentence, not the code (the answer's body below still holds it).
    expect(alert).not.toHaveTextContent('gateway.insufficient_balance');
    expect(within(alert).getByRole('link', { name: 'Recharge your balance' })).toHaveAttribute(
      'href',
      '/user/recharge',
    );
    expect(await screen.findByTestId('console-billing')).toHaveTextContent(
      'Nothing was charged; your balance is ¥0.001.',
    );
  });

  it("names a key's refusal in the reader's words, an unknown code by the server's message", async () => {
    setup(QRCODE, () =>
      HttpResponse.json(
        { success: false, code: 'gateway.key_revoked', message: 'key gone' },
        { status: 401 },
      ),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This API key was revoked.');
    server.use(
      http.get('/apis/qrcode', () =>
        HttpResponse.json(
          { success: false, code: 'gateway.from_the_future', message: 'a newer refusal' },
          { status: 403 },
        ),
      ),
    );
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByText('a newer refusal')).toBeInTheDocument();
  });

  it('says a call its user’s credit paid for left the balance as it was', async () => {
    setup(
      QRCODE,
      () =>
        new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: {
            'content-type': 'image/svg+xml',
            'x-cost': '0.005',
            'x-charged-from': 'credit',
          },
        }),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByTestId('console-billing')).toHaveTextContent(
      'Paid ¥0.005 from your credit; your balance stays ¥9.995.',
    );
  });

  it('says a call the plan paid for, and the plan’s calls left this period', async () => {
    setup(
      QRCODE,
      () =>
        new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: {
            'content-type': 'image/svg+xml',
            'x-cost': '0.000',
            'x-balance': '9.995',
            'x-charged-from': 'plan',
            'x-quota-limit': '100',
            'x-quota-remaining': '12',
            'x-quota-reset': '86400',
          },
        }),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    const billing = await screen.findByTestId('console-billing');
    expect(billing).toHaveTextContent(/^Paid by your plan: 12 of 100 calls left this period\.$/);
  });

  it.each([
    ['hour', 'this hour'],
    ['day', 'today'],
    ['week', 'this week'],
  ])(
    'says the plan’s calls left of its %s’s limit when that is the tightest',
    async (window, said) => {
      setup(
        QRCODE,
        () =>
          new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
            headers: {
              'content-type': 'image/svg+xml',
              'x-cost': '0.000',
              'x-charged-from': 'plan',
              'x-quota-limit': '10',
              'x-quota-remaining': '3',
              'x-quota-reset': '600',
              'x-quota-window': window,
            },
          }),
      );
      const form = await screen.findByTestId('api-console');
      await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
      expect(await screen.findByTestId('console-billing')).toHaveTextContent(
        `Paid by your plan: 3 of 10 calls left ${said}.`,
      );
    },
  );

  it('names a plan that stops calls past its own, and when they start again', async () => {
    setup(QRCODE, () =>
      HttpResponse.json(
        { success: false, code: 'gateway.plan_exhausted', message: 'plan exhausted' },
        {
          status: 429,
          headers: {
            'x-cost': '0.000',
            'x-quota-limit': '100',
            'x-quota-remaining': '0',
            'x-quota-reset': '3600',
          },
        },
      ),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your plan’s calls are used up for now, and the plan stops calls past them.',
    );
    expect(alert).not.toHaveTextContent('plan exhausted');
    expect(within(alert).getByTestId('console-plan-reset')).toHaveTextContent(
      /^Your plan’s calls start again .+\.$/,
    );
  });

  it("an upstream's own error answer passes through charged", async () => {
    setup(
      QRCODE,
      () => new HttpResponse('no such page', { status: 404, headers: { 'x-cost': '0.005' } }),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByTestId('console-billing')).toHaveTextContent('Charged ¥0.005');
    expect(screen.getByTestId('console-body')).toHaveTextContent('no such page');
  });

  it('a failure after the charge says it was refunded; a 429 says when to retry', async () => {
    setup(QRCODE, () =>
      HttpResponse.json(
        { success: false, code: 'gateway.invalid_param', message: 'bad size' },
        { status: 400, headers: { 'x-cost': '0.000' } },
      ),
    );
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByTestId('console-billing')).toHaveTextContent('refunded');

    server.use(
      http.get('/apis/qrcode', () =>
        HttpResponse.json(
          { success: false, message: 'too many requests', code: 'gateway.rate_limited' },
          { status: 429, headers: { 'retry-after': '17' } },
        ),
      ),
    );
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByText('Try again in 17 s.')).toBeInTheDocument();
  });

  it('asks a visitor to sign in on a paid API, and runs a free one without a key', async () => {
    setup(QRCODE, svg, false);
    const prompt = await screen.findByTestId('console-sign-in');
    expect(within(prompt).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/api/3/qrcode')}`,
    );
    expect(curlExample()).toHaveTextContent('X-API-Key: YOUR_API_KEY');
  });

  it('a visitor runs a free API without a key; "copy as" copies what was sent', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    const seen = setup(DIFF, () => ok({ same: true }), false);
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    await screen.findByTestId('console-body');
    expect(seen[0].key).toBeNull();
    expect(seen[0].idempotencyKey).toBeNull();
    expect(curlExample()).not.toHaveTextContent('X-API-Key');

    await userEvent.click(within(form).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText).toHaveBeenCalledWith(
      [
        `curl -sS --fail-with-body -X POST '${window.location.origin}/apis/text-diff' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  --data-raw '{"a":"x"}'`,
      ].join('\n'),
    );
  });

  it('sends a form API its parameters as an urlencoded body with its Content-Type', async () => {
    const seen = setup(FORM_HASH, () => ok({ algo: 'md5', hash: 'x' }));
    expect(
      await screen.findByText('Body: form (application/x-www-form-urlencoded)'),
    ).toBeInTheDocument();
    const form = await screen.findByTestId('api-console');
    await userEvent.type(within(form).getByLabelText(/^text/), 'a b&c');
    await userEvent.selectOptions(within(form).getByLabelText(/^algo/), 'md5');
    expect(curlExample()).toHaveTextContent("--data-raw 'text=a+b%26c&algo=md5'");
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByTestId('console-body')).toHaveTextContent('"hash": "x"');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: 'text=a+b%26c&algo=md5',
      url: `${window.location.origin}/apis/form-hash`,
    });
  });

  it('sends a multipart API a FormData with the chosen file and the text parts', async () => {
    const seen = setup(FILE_HASH, () => ok({ name: 'hello.txt', size: 5 }));
    expect(
      await screen.findByText('Body: multipart form (multipart/form-data)'),
    ).toBeInTheDocument();
    const form = await screen.findByTestId('api-console');
    const input = within(form).getByLabelText(/^file/);
    expect(input).toHaveAttribute('type', 'file');
    await userEvent.upload(input, new File(['hello'], 'hello.txt', { type: 'text/plain' }));
    await userEvent.selectOptions(within(form).getByLabelText(/^algo/), 'sha256');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    expect(await screen.findByTestId('console-body')).toHaveTextContent('"size": 5');
    expect(seen).toHaveLength(1);
    // The browser writes the boundary: the console never sets this Content-Type itself.
    expect(seen[0].type).toMatch(/^multipart\/form-data; boundary=/);
    const sent = await formOf(seen[0]);
    expect(sent.get('algo')).toBe('sha256');
    const file = sent.get('file') as File;
    expect(file.name).toBe('hello.txt');
    expect(await file.text()).toBe('hello');
    expect([...sent.keys()]).toEqual(['algo', 'file']);
  });

  it('refuses a required file left empty at its field', async () => {
    const seen = setup(FILE_HASH, () => ok({}));
    const form = await screen.findByTestId('api-console');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    const input = within(form).getByLabelText(/^file/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/This parameter is required\./);
    expect(input).toHaveFocus();
    expect(seen).toHaveLength(0);
    // Chosen, the field is fine again and the call goes out.
    await userEvent.upload(input, new File(['x'], 'x.bin'));
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: /Send request/ }));
    await waitFor(() => expect(seen).toHaveLength(1));
  });
});
