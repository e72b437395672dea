import type { AdminApi } from '@contracts/apis';
import {
  apiFieldErrors,
  apiFormFrom,
  EMPTY_API_FORM,
  paramRowErrors,
  requestRowErrors,
  statusRowErrors,
  toApiBody,
  withNameEn,
  type ApiForm,
} from './model';
import { APIS } from '../i18n/apis';

const CHECKS = APIS.editor.checks;

const API: AdminApi = {
  id: 7,
  name: '二维码',
  name_en: 'qrcode',
  description: '生成二维码',
  description_en: 'QR codes',
  endpoint: '/apis/qrcode',
  example_url: '/apis/qrcode?text=hi',
  response_format: 'image/png',
  request_method: 'POST',
  request_params: [
    { name: 'text', type: 'string', required: true, description: '内容', description_en: 'text' },
    {
      name: 'size',
      type: 'integer',
      required: '0',
      description: '',
      enum: ['128', '256'],
      default: '256',
      example: '128',
    },
    { name: 'margin', type: 'integer', required: 1, description: '' },
  ],
  response_params: [
    { name: 'image', type: 'string', description: '', description_en: 'PNG', nullable: true },
    { key: 'legacy', type: 'string', description: 'older rows say key' },
  ],
  status_codes: [{ code: 200, description: '成功', description_en: 'OK' }],
  php_example: '<?php',
  response_example: '{}',
  status: 0,
  is_paid: 1,
  is_pinned: 1,
  price_per_call: '0.005',
  usage_count: 12,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  handler: null,
  upstream_url: 'https://up.example/qr',
  upstream_timeout_ms: 5000,
};

const filled: ApiForm = {
  ...EMPTY_API_FORM,
  name: ' IP ',
  name_en: ' ip ',
  endpoint: ' /apis/ip ',
  handler: 'ip',
};

describe('apiFormFrom', () => {
  it('fills the form from an API, with flags as switches and every row in the editor’s shape', () => {
    const form = apiFormFrom(API);
    expect(form).toMatchObject({
      name: '二维码',
      request_method: 'POST',
      status: false,
      is_paid: true,
      is_pinned: true,
      price_per_call: '0.005',
      handler: '',
      upstream_url: 'https://up.example/qr',
      upstream_timeout_ms: '5000',
      status_codes: [{ code: '200', description: '成功', description_en: 'OK' }],
    });
    expect(form.request_params.map((p) => p.required)).toEqual([true, false, true]);
    // The console's hints go through the editor as text and come back as they were.
    expect(form.request_params[1]).toMatchObject({
      enum: '128, 256',
      default: '256',
      example: '128',
    });
    expect(JSON.parse(toApiBody(form).request_params)[1]).toEqual({
      name: 'size',
      type: 'integer',
      required: false,
      description: '',
      description_en: '',
      enum: ['128', '256'],
      default: '256',
      example: '128',
    });
    expect(form.response_params.map((p) => p.name)).toEqual(['image', 'legacy']);
    // Both descriptions and a field's nullable mark come back as they were; an older row's lone
    // English text moves to the English column.
    expect(JSON.parse(toApiBody(form).response_params)).toEqual([
      { name: 'image', type: 'string', description: '', description_en: 'PNG', nullable: true },
      { name: 'legacy', type: 'string', description: '', description_en: 'older rows say key' },
    ]);
    expect(form.request_params[0]).toMatchObject({ description: '内容', description_en: 'text' });
    expect(JSON.parse(toApiBody(form).status_codes)).toEqual([
      { code: 200, description: '成功', description_en: 'OK' },
    ]);
    expect(form).not.toHaveProperty('usage_count');
  });

  it('starts a new API enabled, free, GET, JSON, with a 200 status code row', () => {
    expect(EMPTY_API_FORM).toMatchObject({
      status: true,
      is_paid: false,
      request_method: 'GET',
      request_format: 'application/json',
      response_format: 'application/json',
      status_codes: [{ code: '200', description: '成功', description_en: 'OK' }],
      upstream_timeout_ms: '10000',
    });
  });
});

/** SPEC.md §5's first broken rule, or null when the form may be sent. */
const apiFormError = (form: ApiForm) => Object.values(apiFieldErrors(form))[0] ?? null;

describe('the first broken rule', () => {
  it.each<[Partial<ApiForm>, keyof ApiForm]>([
    [{ name: ' ' }, 'name'],
    [{ name_en: '' }, 'name_en'],
    [{ endpoint: '' }, 'endpoint'],
  ])('needs the name, English name and endpoint: %j, said at that field', (change, field) => {
    expect(apiFieldErrors({ ...filled, ...change })).toEqual({
      [field]: 'API 名称、英文名称和 Endpoint 不能为空',
    });
  });

  it.each(['-1', '1.2345', 'abc', ''])('refuses the price %p for a paid API', (price) => {
    expect(apiFormError({ ...filled, is_paid: true, price_per_call: price })).toBe(
      '价格格式无效：须为非负数，最多三位小数',
    );
  });

  it('accepts a valid price, and any price on a free API', () => {
    expect(apiFormError({ ...filled, is_paid: true, price_per_call: ' 0.5 ' })).toBeNull();
    expect(apiFormError({ ...filled, is_paid: false, price_per_call: 'abc' })).toBeNull();
  });

  it.each(['-1', '1.5', 'abc', '', '1000001'])(
    'refuses %p free calls on a paid API, at its field',
    (calls) => {
      const form = { ...filled, is_paid: true, free_quota_calls: calls };
      expect(apiFieldErrors(form)).toEqual({
        free_quota_calls: '免费次数须为 0 到 1000000 之间的整数',
      });
    },
  );

  it('sends the free quota of a paid API, and none for a free one', () => {
    const paid = {
      ...filled,
      is_paid: true,
      free_quota_calls: ' 100 ',
      free_quota_period: 'month',
    };
    expect(toApiBody(paid as ApiForm)).toMatchObject({
      free_quota_calls: 100,
      free_quota_period: 'month',
    });
    expect(toApiBody({ ...filled, is_paid: false, free_quota_calls: '100' })).toMatchObject({
      free_quota_calls: 0,
    });
  });
});

describe('withNameEn', () => {
  it('lets a new API’s endpoint follow its English name until it is edited by hand', () => {
    let form = withNameEn(EMPTY_API_FORM, 'ip', true);
    expect(form.endpoint).toBe('/apis/ip');
    form = withNameEn(form, 'ip2', true);
    expect(form.endpoint).toBe('/apis/ip2');
    form = withNameEn({ ...form, endpoint: '/apis/custom' }, 'ip3', true);
    expect(form).toMatchObject({ name_en: 'ip3', endpoint: '/apis/custom' });
  });

  it('never moves an existing API’s endpoint', () => {
    const form = withNameEn(apiFormFrom(API), 'qr', false);
    expect(form).toMatchObject({ name_en: 'qr', endpoint: '/apis/qrcode' });
  });
});

describe('toApiBody', () => {
  it('trims, sends list fields as JSON text without empty rows, and flags as 0/1', () => {
    const body = toApiBody(
      {
        ...filled,
        request_params: [
          {
            name: 'q',
            type: 'string',
            required: true,
            description: '查询',
            description_en: 'query',
          },
          { name: ' ', type: 'string', required: false, description: '', description_en: '' },
          {
            name: 'level',
            type: 'string',
            required: false,
            description: '',
            description_en: '',
            enum: ' l, m ,, q',
            default: ' m ',
            example: '',
          },
        ],
        response_params: [{ name: '', type: '', description: '', description_en: '' }],
        status_codes: [
          { code: '200', description: '成功', description_en: 'ok' },
          { code: '', description: 'blank', description_en: '' },
        ],
        status: false,
        is_pinned: true,
        upstream_timeout_ms: '',
      },
      9,
    );
    expect(body).toMatchObject({
      id: 9,
      name: 'IP',
      name_en: 'ip',
      endpoint: '/apis/ip',
      request_params: JSON.stringify([
        { name: 'q', type: 'string', required: true, description: '查询', description_en: 'query' },
        {
          name: 'level',
          type: 'string',
          required: false,
          description: '',
          description_en: '',
          enum: ['l', 'm', 'q'],
          default: 'm',
        },
      ]),
      response_params: '[]',
      status_codes: '[{"code":200,"description":"成功","description_en":"ok"}]',
      status: 0,
      is_paid: 0,
      is_pinned: 1,
      upstream_timeout_ms: 10000,
      category_ids: [],
    });
    expect(toApiBody(filled)).not.toHaveProperty('id');
  });

  it.each([
    ['0.5', '0.500'],
    ['2', '2.000'],
    ['3.', '3.000'],
    [' 0.005 ', '0.005'],
    ['1.2345', '1.2345'],
  ])('sends the price %p as %p', (price, sent) => {
    expect(toApiBody({ ...filled, price_per_call: price }).price_per_call).toBe(sent);
  });
});

describe('list rows', () => {
  const param = {
    name: 'ip',
    type: 'string',
    required: false,
    description: '',
    description_en: '',
  };
  const status = { code: '', description: '', description_en: '' };

  it('says nothing about a row with nothing typed in', () => {
    expect(paramRowErrors({ ...param, name: '' })).toEqual({});
    expect(statusRowErrors(status)).toEqual({});
  });

  it('counts either description as something typed in', () => {
    for (const text of [{ description: '地址' }, { description_en: 'address' }]) {
      expect(paramRowErrors({ ...param, name: '', ...text })).toEqual({
        name: CHECKS.rowName,
      });
      expect(statusRowErrors({ ...status, ...text })).toEqual({ code: CHECKS.rowCode });
    }
  });

  it('wants a name once anything else is filled in, and a type from the contract', () => {
    expect(paramRowErrors({ ...param, name: ' ', required: true })).toEqual({
      name: CHECKS.rowName,
    });
    expect(paramRowErrors({ ...param, type: 'int' })).toEqual({ type: CHECKS.rowType });
    expect(paramRowErrors(param)).toEqual({});
  });

  it.each(['abc', '20', '1000', '99', '600', '2.5'])('refuses status code %s', (code) => {
    expect(statusRowErrors({ ...status, code })).toEqual({ code: CHECKS.rowCode });
  });

  it('says which list has a broken row', () => {
    const form: ApiForm = {
      ...EMPTY_API_FORM,
      name: 'IP',
      name_en: 'ip',
      endpoint: '/apis/ip',
      status_codes: [{ code: 'x', description: '', description_en: '' }],
    };
    expect(apiFieldErrors(form).status_codes).toBe(`状态码：${CHECKS.rowCode}`);
  });

  it('takes a file parameter only in a multipart body', () => {
    const file = { ...param, name: 'photo', type: 'file' };
    expect(requestRowErrors('application/json')(file)).toEqual({ type: CHECKS.fileParam });
    expect(requestRowErrors('application/x-www-form-urlencoded')(file)).toEqual({
      type: CHECKS.fileParam,
    });
    expect(requestRowErrors('multipart/form-data')(file)).toEqual({});
    // A row with nothing typed in is left out, whatever its type.
    expect(requestRowErrors('application/json')({ ...file, name: '' })).toEqual({});
  });
});

describe('the request format', () => {
  it('is read from the API (JSON when absent) and sent for POST and PUT only', () => {
    expect(apiFormFrom(API).request_format).toBe('application/json');
    const form = apiFormFrom({ ...API, request_format: 'multipart/form-data' });
    expect(form.request_format).toBe('multipart/form-data');
    expect(toApiBody(form).request_format).toBe('multipart/form-data');
    expect(toApiBody({ ...form, request_method: 'PUT' }).request_format).toBe(
      'multipart/form-data',
    );
    expect(toApiBody({ ...form, request_method: 'GET' }).request_format).toBe('application/json');
    expect(toApiBody({ ...form, request_method: 'DELETE' }).request_format).toBe(
      'application/json',
    );
  });
});
