import { AppError } from '../../../common/app-error';
import { DEMO_APIS } from '../../../database/seed/demo-apis';
import { BUILTIN_HANDLERS } from './index';
import type { BuiltinRequest, BuiltinResponse } from './types';

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function request(
  query: Record<string, string> = {},
  extra: Partial<BuiltinRequest> = {},
): BuiltinRequest {
  return {
    method: 'GET',
    query,
    body: undefined,
    ip: '203.0.113.9',
    headers: { 'user-agent': CHROME_UA, 'accept-language': 'en-GB,en;q=0.9' },
    ...extra,
  };
}

async function call(
  name: string,
  query: Record<string, string> = {},
  extra: Partial<BuiltinRequest> = {},
): Promise<BuiltinResponse> {
  const handler = BUILTIN_HANDLERS[name];
  if (!handler) throw new Error(`no handler ${name}`);
  return handler(request(query, extra));
}

/** Calls a JSON handler and returns `data` after checking the success envelope. */
async function data(
  name: string,
  query: Record<string, string> = {},
  extra: Partial<BuiltinRequest> = {},
) {
  const response = await call(name, query, extra);
  expect(response.status ?? 200).toBe(200);
  expect(response.contentType).toBeUndefined();
  const body = response.body as { success: boolean; message: string; data: any };
  expect(body.success).toBe(true);
  expect(body.message).toBe('ok');
  return body.data;
}

async function rejection(promise: () => Promise<unknown>): Promise<unknown> {
  try {
    await promise();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function expectInvalid(
  name: string,
  query: Record<string, string>,
  message?: string | RegExp,
  extra: Partial<BuiltinRequest> = {},
) {
  const error = await rejection(() => call(name, query, extra));
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  expect((error as AppError).code).toBe('gateway.invalid_param');
  expect((error as AppError).message).toMatch(/parameter '[a-z_]+'/);
  if (message !== undefined) expect((error as AppError).message).toMatch(message);
}

describe('BUILTIN_HANDLERS', () => {
  it('has at least 32 handlers with url-safe names that do not reach the prototype', () => {
    const names = Object.keys(BUILTIN_HANDLERS);
    expect(names.length).toBeGreaterThanOrEqual(32);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]{1,32}$/);
    expect(BUILTIN_HANDLERS['constructor']).toBeUndefined();
    expect('toString' in BUILTIN_HANDLERS).toBe(false);
    expect(Object.isFrozen(BUILTIN_HANDLERS)).toBe(true);
  });
});

describe('parameter reading', () => {
  it('reads the query first, then a JSON object body', async () => {
    expect(await data('hash', { text: 'from-query' }, { body: { text: 'from-body' } })).toEqual(
      await data('hash', { text: 'from-query' }),
    );
    expect(
      (await data('hash', {}, { method: 'POST', body: { text: 'abc', algo: 'md5' } })).hash,
    ).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('accepts JSON numbers and booleans for typed parameters', async () => {
    const result = await data('random', {}, { body: { min: 5, max: 5, count: 2, unique: false } });
    expect(result.numbers).toEqual([5, 5]);
    expect(
      (await data('password', {}, { body: { length: 8, symbols: false } })).passwords[0],
    ).toMatch(/^[A-Za-z2-9]{8}$/);
  });

  it('treats empty values as absent and ignores prototype names', async () => {
    expect((await data('time', { tz: '' })).timezone).toBe('UTC');
    await expectInvalid('hash', { text: '' }, "parameter 'text' is required");
    await expectInvalid('hash', {}, "parameter 'text' is required", {
      body: JSON.parse('{"__proto__": {"text": "x"}}'),
    });
    expect((await data('uuid', {}, { body: { constructor: 'x' } })).count).toBe(1);
  });

  it('rejects wrong types with a message naming the parameter', async () => {
    await expectInvalid('hash', {}, "parameter 'text' must be a string", {
      body: { text: { a: 1 } },
    });
    await expectInvalid(
      'uuid',
      { count: '1.5' },
      "parameter 'count' must be an integer between 1 and 100",
    );
    await expectInvalid('uuid', {}, "parameter 'count'", { body: { count: 2.5 } });
    await expectInvalid('uuid', { count: '101' }, "parameter 'count'");
    await expectInvalid(
      'hash',
      { text: 'x', algo: 'crc' },
      "parameter 'algo' must be one of: md5, sha1, sha256, sha512",
    );
    await expectInvalid('random', { unique: 'maybe' }, "parameter 'unique' must be true or false");
    await expectInvalid('hash', { text: 'x'.repeat(100_001) }, 'at most 100000 characters');
  });

  it('ignores a body that is not an object', async () => {
    expect((await data('uuid', {}, { body: [1, 2] })).count).toBe(1);
    expect((await data('uuid', {}, { body: 'count=5' })).count).toBe(1);
  });
});

describe('ip', () => {
  it('returns the caller address, version and headers', async () => {
    expect(await data('ip')).toEqual({
      ip: '203.0.113.9',
      version: 4,
      user_agent: CHROME_UA,
      accept_language: 'en-GB,en;q=0.9',
    });
  });

  it('unwraps IPv4-mapped IPv6 and reports IPv6', async () => {
    expect((await data('ip', {}, { ip: '::ffff:198.51.100.1' })).ip).toBe('198.51.100.1');
    expect((await data('ip', {}, { ip: '2001:db8::1', headers: {} })).version).toBe(6);
    expect((await data('ip', {}, { ip: 'unknown', headers: {} })).version).toBeNull();
  });
});

describe('time', () => {
  it('answers now in UTC by default', async () => {
    const before = Date.now();
    const result = await data('time');
    expect(result.timezone).toBe('UTC');
    expect(result.unix_ms).toBeGreaterThanOrEqual(before);
    expect(result.unix).toBe(Math.floor(result.unix_ms / 1000));
    expect(new Date(result.iso).getTime()).toBe(result.unix_ms);
    expect(result.utc_offset).toBe('+00:00');
    expect(result.local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('formats local time in an IANA zone, canonicalising its name', async () => {
    const result = await data('time', { tz: 'asia/shanghai' });
    expect(result.timezone).toBe('Asia/Shanghai');
    expect(result.utc_offset).toBe('+08:00');
    const local = new Date(`${result.local.replace(' ', 'T')}Z`).getTime();
    expect(local - Math.floor(result.unix_ms / 1000) * 1000).toBe(8 * 3600 * 1000);
  });

  it('rejects unknown zones', async () => {
    await expectInvalid('time', { tz: 'Mars/Olympus_Mons' }, "parameter 'tz'");
    await expectInvalid('time', { tz: 'x'.repeat(65) }, "parameter 'tz'");
  });
});

describe('timestamp', () => {
  it('detects seconds and milliseconds', async () => {
    expect(await data('timestamp', { value: '1735689600', tz: 'Asia/Shanghai' })).toMatchObject({
      detected: 'seconds',
      iso: '2025-01-01T00:00:00.000Z',
      local: '2025-01-01 08:00:00',
      weekday: 'Wednesday',
    });
    expect(await data('timestamp', { value: '1735689600123' })).toMatchObject({
      detected: 'milliseconds',
      unix: 1735689600,
      unix_ms: 1735689600123,
    });
  });

  it('reads date-times in the given zone or with an explicit offset', async () => {
    expect((await data('timestamp', { value: '2025-01-31 08:30', tz: 'Asia/Shanghai' })).iso).toBe(
      '2025-01-31T00:30:00.000Z',
    );
    expect((await data('timestamp', { value: '2025-01-31T08:30:00+08:00' })).iso).toBe(
      '2025-01-31T00:30:00.000Z',
    );
    expect(
      (await data('timestamp', { value: '2025-07-01T12:00:00Z', tz: 'Europe/London' })).utc_offset,
    ).toBe('+01:00');
  });

  it('resolves daylight-saving gaps forward and overlaps to the earlier instant', async () => {
    const gap = await data('timestamp', { value: '2025-03-09 02:30', tz: 'America/New_York' });
    expect(gap.local).toBe('2025-03-09 03:30:00');
    const overlap = await data('timestamp', { value: '2025-11-02 01:30', tz: 'America/New_York' });
    expect(overlap).toMatchObject({ iso: '2025-11-02T05:30:00.000Z', utc_offset: '-04:00' });
  });

  it('rejects impossible dates and out-of-range instants', async () => {
    await expectInvalid('timestamp', { value: '2025-02-30' }, "parameter 'value'");
    await expectInvalid('timestamp', { value: 'yesterday' }, "parameter 'value'");
    await expectInvalid('timestamp', { value: '2025-01-01T00:00:00+15:00' }, 'offset');
    await expectInvalid(
      'timestamp',
      { value: '9999999999999999' },
      'between the years 1000 and 9999',
    );
    await expectInvalid('timestamp', {}, "parameter 'value' is required");
  });
});

describe('date-diff', () => {
  it('counts days, the calendar span and business days', async () => {
    expect(await data('date-diff', { from: '2024-01-31', to: '2024-03-01' })).toMatchObject({
      days: 30,
      span: { years: 0, months: 1, days: 1 },
      business_days: 22,
    });
    expect(await data('date-diff', { from: '2025-12-25', to: '2025-01-01' })).toMatchObject({
      days: -358,
      span: { years: 0, months: 11, days: 24 },
    });
    expect((await data('date-diff', { from: '2020-02-29', to: '2024-02-29' })).span).toEqual({
      years: 4,
      months: 0,
      days: 0,
    });
  });

  it('rejects malformed dates', async () => {
    await expectInvalid('date-diff', { from: '2025-13-01', to: '2025-01-01' }, "parameter 'from'");
    await expectInvalid('date-diff', { from: '2025-01-01', to: '01/02/2025' }, "parameter 'to'");
    await expectInvalid('date-diff', { from: '2025-01-01' }, "parameter 'to' is required");
  });
});

describe('zodiac', () => {
  it('splits the Chinese year at Chinese New Year', async () => {
    expect((await data('zodiac', { date: '2024-02-09' })).chinese_zodiac).toEqual({
      animal: 'Rabbit',
      animal_zh: '兔',
      lunar_year: 2023,
      ganzhi: '癸卯',
    });
    expect((await data('zodiac', { date: '2024-02-10' })).chinese_zodiac.animal).toBe('Dragon');
  });

  it('finds the western sign at the boundaries', async () => {
    expect((await data('zodiac', { date: '2000-01-19' })).zodiac_sign.name).toBe('Capricorn');
    expect((await data('zodiac', { date: '2000-01-20' })).zodiac_sign.name).toBe('Aquarius');
    expect((await data('zodiac', { date: '2000-12-22' })).zodiac_sign.name_zh).toBe('摩羯座');
  });

  it('gives null age for future dates and rejects dates out of range', async () => {
    expect((await data('zodiac', { date: '2100-01-01' })).age).toBeNull();
    expect((await data('zodiac', { date: '1900-06-01' })).age).toBeGreaterThan(120);
    await expectInvalid('zodiac', { date: '1899-12-31' }, "parameter 'date'");
  });
});

describe('uuid', () => {
  it('generates distinct v4 UUIDs', async () => {
    const result = await data('uuid', { count: '100' });
    expect(result.uuids).toHaveLength(100);
    expect(new Set(result.uuids).size).toBe(100);
    for (const uuid of result.uuids) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('rejects counts outside 1-100', async () => {
    await expectInvalid('uuid', { count: '0' });
    await expectInvalid('uuid', { count: 'ten' });
  });
});

describe('random', () => {
  it('draws within the range, uniquely when asked', async () => {
    const result = await data('random', { min: '-3', max: '3', count: '7', unique: 'true' });
    expect([...result.numbers].sort((a: number, b: number) => a - b)).toEqual([
      -3, -2, -1, 0, 1, 2, 3,
    ]);
    const defaults = await data('random');
    expect(defaults).toMatchObject({ min: 1, max: 100, unique: false });
    expect(defaults.numbers[0]).toBeGreaterThanOrEqual(1);
    expect(defaults.numbers[0]).toBeLessThanOrEqual(100);
  });

  it('rejects an empty or too small range', async () => {
    await expectInvalid('random', { min: '10', max: '1' }, "'min' must not be greater than 'max'");
    await expectInvalid(
      'random',
      { min: '1', max: '3', count: '4', unique: 'yes' },
      "parameter 'count' must be at most 3",
    );
    await expectInvalid('random', { max: '99999999999' }, "parameter 'max'");
  });
});

describe('password', () => {
  it('includes every character class and respects the length', async () => {
    const result = await data('password', { length: '6', count: '20' });
    expect(result.passwords).toHaveLength(20);
    for (const password of result.passwords) {
      expect(password).toHaveLength(6);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
    const plain = await data('password', { symbols: 'false', length: '128' });
    expect(plain.passwords[0]).toMatch(/^[A-Za-z0-9]{128}$/);
  });

  it('rejects lengths outside 6-128', async () => {
    await expectInvalid('password', { length: '5' }, "parameter 'length'");
    await expectInvalid('password', { length: '129' }, "parameter 'length'");
  });
});

describe('dice and coin', () => {
  it('rolls dice and totals them', async () => {
    const result = await data('dice', { sides: '2', count: '50' });
    expect(result.rolls).toHaveLength(50);
    expect(result.rolls.every((roll: number) => roll === 1 || roll === 2)).toBe(true);
    expect(result.total).toBe(result.rolls.reduce((a: number, b: number) => a + b, 0));
    await expectInvalid('dice', { sides: '1' }, "parameter 'sides'");
  });

  it('flips coins and counts faces', async () => {
    const result = await data('coin', { count: '40' });
    expect(result.heads + result.tails).toBe(40);
    expect(result.flips.filter((flip: string) => flip === 'heads')).toHaveLength(result.heads);
    await expectInvalid('coin', { count: '-1' }, "parameter 'count'");
  });
});

describe('name', () => {
  it('generates names in either language and gender', async () => {
    const zh = await data('name', { lang: 'zh', gender: 'female', count: '20' });
    for (const entry of zh.names) {
      expect(entry.gender).toBe('female');
      expect(entry.name).toMatch(/^\p{Script=Han}{2,3}$/u);
    }
    const en = await data('name', { gender: 'MALE' });
    expect(en.names[0].name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    await expectInvalid('name', { lang: 'fr' }, "parameter 'lang' must be one of: en, zh");
  });
});

describe('lorem', () => {
  it('starts with the classic opening', async () => {
    const result = await data('lorem', { paragraphs: '4' });
    expect(result.paragraphs).toHaveLength(4);
    expect(result.paragraphs[0]).toMatch(
      /^Lorem ipsum dolor sit amet, consectetur adipiscing elit\. /,
    );
    expect(result.text.split('\n\n')).toEqual(result.paragraphs);
    await expectInvalid('lorem', { paragraphs: '11' }, "parameter 'paragraphs'");
  });
});

describe('hash', () => {
  it.each([
    ['md5', '5d41402abc4b2a76b9719d911017c592'],
    ['sha1', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ['sha256', '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
  ])('computes %s', async (algo, hash) => {
    expect(await data('hash', { text: 'hello', algo })).toEqual({ algo, hash });
  });

  it('defaults to sha256, supports sha512 and hashes UTF-8', async () => {
    expect((await data('hash', { text: '你好' })).hash).toBe(
      '670d9743542cae3ea7ebe36af56bd53648b0a1126162e78d81a32934a711302e',
    );
    expect((await data('hash', { text: 'hello', algo: 'sha512' })).hash).toHaveLength(128);
  });
});

describe('base64', () => {
  it('round-trips UTF-8 text', async () => {
    expect(await data('base64', { text: '你好, Portico!' })).toEqual({
      action: 'encode',
      result: '5L2g5aW9LCBQb3J0aWNvIQ==',
    });
    expect(
      (await data('base64', { action: 'decode', text: '5L2g5aW9LCBQb3J0aWNvIQ==' })).result,
    ).toBe('你好, Portico!');
  });

  it('accepts URL-safe, unpadded and wrapped input, and spaces for plus', async () => {
    expect((await data('base64', { action: 'decode', text: 'aGVsbG8-' })).result).toBe('hello>');
    expect((await data('base64', { action: 'decode', text: 'aGVsbG8 ' })).result).toBe('hello>');
    expect((await data('base64', { action: 'decode', text: 'aGVs\nbG8' })).result).toBe('hello');
  });

  it('rejects invalid base64 and non-UTF-8 bytes', async () => {
    for (const text of ['abc$', 'a', 'ab=c', 'abcde===', '=']) {
      await expectInvalid('base64', { action: 'decode', text }, 'not valid base64');
    }
    await expectInvalid('base64', { action: 'decode', text: '//79' }, 'UTF-8');
    await expectInvalid('base64', { action: 'rot13', text: 'x' }, "parameter 'action'");
  });
});

describe('urlencode', () => {
  it('encodes and decodes components', async () => {
    expect((await data('urlencode', { text: 'a b&c=d/é' })).result).toBe('a%20b%26c%3Dd%2F%C3%A9');
    expect((await data('urlencode', { action: 'decode', text: '%E4%BD%A0%20x' })).result).toBe(
      '你 x',
    );
  });

  it('rejects malformed escapes and lone surrogates', async () => {
    await expectInvalid('urlencode', { action: 'decode', text: '%E4%BD' }, 'percent-encoded');
    await expectInvalid('urlencode', { action: 'decode', text: '100%' }, 'percent-encoded');
    await expectInvalid('urlencode', {}, "parameter 'text' is not valid Unicode", {
      body: { text: '\ud800' },
    });
  });
});

describe('html-escape', () => {
  it('escapes the five special characters', async () => {
    expect((await data('html-escape', { text: `<a href="x">Tom & 'Jerry'</a>` })).result).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
  });

  it('unescapes named and numeric entities, leaving unknown ones alone', async () => {
    const result = await data('html-escape', {
      action: 'unescape',
      text: '&lt;p&gt; &amp;copy; &#x1F600; &#169; &#55296; &#0; &bogus; &constructor;',
    });
    expect(result.result).toBe('<p> &copy; 😀 © &#55296; &#0; &bogus; &constructor;');
  });
});

describe('hex', () => {
  it('encodes UTF-8 and decodes with prefixes and spaces', async () => {
    expect((await data('hex', { text: 'Hi你' })).result).toBe('4869e4bda0');
    expect((await data('hex', { action: 'decode', text: '0x48 69' })).result).toBe('Hi');
  });

  it('rejects odd lengths, non-hex and invalid UTF-8', async () => {
    await expectInvalid('hex', { action: 'decode', text: '486' }, 'hexadecimal');
    await expectInvalid('hex', { action: 'decode', text: 'zz' }, 'hexadecimal');
    await expectInvalid('hex', { action: 'decode', text: 'ff' }, 'UTF-8');
  });
});

describe('crc32', () => {
  it('matches the IEEE checksum', async () => {
    expect(await data('crc32', { text: 'hello' })).toEqual({
      crc32: '3610a686',
      decimal: 907060870,
    });
    expect((await data('crc32', { text: '123456789' })).crc32).toBe('cbf43926');
  });
});

const jwtPart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('jwt-decode', () => {
  it('decodes the header, payload and time claims', async () => {
    const token = `${jwtPart({ alg: 'HS256' })}.${jwtPart({ sub: 'u1', iat: 1_700_000_000, exp: 1_700_000_060 })}.sig`;
    expect(await data('jwt-decode', { token: `Bearer ${token}` })).toEqual({
      header: { alg: 'HS256' },
      payload: { sub: 'u1', iat: 1_700_000_000, exp: 1_700_000_060 },
      signature: 'sig',
      issued_at: '2023-11-14T22:13:20.000Z',
      not_before: null,
      expires_at: '2023-11-14T22:14:20.000Z',
      expired: true,
      verified: false,
    });
  });

  it('copes with absurd claim values', async () => {
    const token = `${jwtPart({ alg: 'none' })}.${jwtPart({ exp: 1e300, iat: 'yesterday' })}.`;
    expect(await data('jwt-decode', { token })).toMatchObject({
      expires_at: null,
      issued_at: null,
      expired: null,
    });
  });

  it('rejects malformed tokens', async () => {
    await expectInvalid('jwt-decode', { token: 'abc.def' }, 'three dot-separated parts');
    await expectInvalid('jwt-decode', { token: 'a.b.c.d.e' }, 'JWE');
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart([1])}.${jwtPart({})}.x` },
      "header in parameter 'token' is not a JSON object",
    );
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart({})}.bm90IGpzb24.x` },
      "payload in parameter 'token' is not JSON",
    );
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart({})}.@@@.x` },
      "the payload in parameter 'token' is not base64url",
    );
    const deepPayload = Buffer.from(`{"a":${'['.repeat(500)}${']'.repeat(500)}}`).toString(
      'base64url',
    );
    await expectInvalid(
      'jwt-decode',
      { token: `${jwtPart({})}.${deepPayload}.x` },
      'nested deeper',
    );
  });
});

describe('json-format', () => {
  it('formats, sorts and minifies', async () => {
    expect(
      await data('json-format', {
        json: '{"b":1,"a":[1,{"d":2,"c":3}]}',
        indent: '1',
        sort_keys: 'true',
      }),
    ).toEqual({
      valid: true,
      type: 'object',
      formatted: '{\n "a": [\n  1,\n  {\n   "c": 3,\n   "d": 2\n  }\n ],\n "b": 1\n}',
      minified: '{"a":[1,{"c":3,"d":2}],"b":1}',
      size: 29,
    });
  });

  it('reports invalid JSON as data rather than an error', async () => {
    const result = await data('json-format', { json: '{"a":' });
    expect(result.valid).toBe(false);
    expect(typeof result.error).toBe('string');
  });

  it('takes the document from a json field or the whole body', async () => {
    expect(
      (await data('json-format', {}, { method: 'POST', body: { json: { k: [true] } } })).minified,
    ).toBe('{"k":[true]}');
    expect(
      (await data('json-format', { indent: '0' }, { method: 'POST', body: [1, 2] })).formatted,
    ).toBe('[1,2]');
    expect((await data('json-format', {}, { method: 'POST', body: 'text' })).type).toBe('string');
  });

  it('rejects missing, oversized and too deeply nested documents', async () => {
    await expectInvalid('json-format', {}, "parameter 'json' is required");
    await expectInvalid(
      'json-format',
      { json: `"${'x'.repeat(100_000)}"` },
      'at most 100000 characters',
    );
    await expectInvalid('json-format', {}, 'at most 100000 characters', {
      body: { blob: 'x'.repeat(100_000) },
    });
    await expectInvalid(
      'json-format',
      { json: '['.repeat(50_000) + ']'.repeat(50_000) },
      'nested deeper',
    );
    const deep = JSON.parse('['.repeat(5_000) + ']'.repeat(5_000)) as unknown;
    await expectInvalid('json-format', {}, 'nested deeper', { body: deep });
    await expectInvalid('json-format', { json: '[]', indent: '9' }, "parameter 'indent'");
  });
});

describe('regex-test', () => {
  it('lists global matches with groups', async () => {
    const result = await data('regex-test', {
      pattern: '(?<year>\\d{4})-(\\d{2})',
      flags: 'g',
      text: '2025-03 and 2024-12',
    });
    expect(result.count).toBe(2);
    expect(result.matches[1]).toEqual({
      match: '2024-12',
      index: 12,
      groups: ['2024', '12'],
      named_groups: { year: '2024' },
    });
  });

  it('returns only the first match without g, and handles empty matches on astral text', async () => {
    expect((await data('regex-test', { pattern: 'a', text: 'aaa' })).count).toBe(1);
    const empty = await data('regex-test', { pattern: '(?:)', flags: 'gu', text: '😀😀' });
    expect(empty.matches.map((m: { index: number }) => m.index)).toEqual([0, 2, 4]);
    expect((await data('regex-test', { pattern: 'x', text: 'abc' })).matched).toBe(false);
  });

  it('caps the number of matches and the captured text', async () => {
    expect(
      await data('regex-test', { pattern: '.', flags: 'g', text: 'x'.repeat(500) }),
    ).toMatchObject({ count: 100, truncated: true });
    const heavy = await data('regex-test', {
      pattern: '(?=(.*))'.repeat(20),
      flags: 'g',
      text: 'y'.repeat(10_000),
    });
    expect(heavy.truncated).toBe(true);
    expect(JSON.stringify(heavy).length).toBeLessThan(300_000);
  });

  it('interrupts catastrophic backtracking', async () => {
    const started = Date.now();
    await expectInvalid(
      'regex-test',
      { pattern: '(a+)+$', text: `${'a'.repeat(40)}b` },
      "parameter 'pattern' took longer than",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await data('regex-test', { pattern: 'b$', text: 'ab' })).matched).toBe(true);
  });

  it('rejects bad patterns, flags and sizes', async () => {
    await expectInvalid(
      'regex-test',
      { pattern: '(', text: 'x' },
      "parameter 'pattern' is not a valid regular expression",
    );
    await expectInvalid(
      'regex-test',
      { pattern: 'x', flags: 'gg', text: 'x' },
      "parameter 'flags'",
    );
    await expectInvalid('regex-test', { pattern: 'x', flags: 'v', text: 'x' }, "parameter 'flags'");
    await expectInvalid(
      'regex-test',
      { pattern: 'x'.repeat(201), text: 'x' },
      "parameter 'pattern'",
    );
    await expectInvalid(
      'regex-test',
      { pattern: 'x', text: 'x'.repeat(10_001) },
      "parameter 'text'",
    );
  });
});

describe('user-agent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      {
        browser: { name: 'Safari', version: '17.4' },
        os: { name: 'iOS', version: '17.4' },
        device: 'mobile',
      },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      {
        browser: { name: 'Edge', version: '131.0.2903.86' },
        os: { name: 'macOS', version: '10.15.7' },
        device: 'desktop',
      },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      {
        browser: { name: 'Chrome', version: '120.0' },
        os: { name: 'Android', version: '13' },
        device: 'tablet',
      },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      {
        browser: { name: 'Firefox', version: '128.0' },
        os: { name: 'Linux', version: null },
        device: 'desktop',
      },
    ],
    ['curl/8.5.0', { device: 'bot', is_bot: true }],
  ])('parses %s', async (ua, expected) => {
    expect(await data('user-agent', { ua })).toMatchObject(expected);
  });

  it("defaults to the request's own header and needs one of them", async () => {
    expect((await data('user-agent')).browser).toEqual({ name: 'Chrome', version: '131.0.0.0' });
    await expectInvalid('user-agent', {}, "parameter 'ua'", { headers: {} });
  });
});

describe('color', () => {
  it.each(['#409EFF', '409eff', 'rgb(64, 158, 255)', 'rgba(64,158,255,0.5)'])(
    'parses %s',
    async (color) => {
      expect(await data('color', { color })).toMatchObject({
        hex: '#409eff',
        rgb: { r: 64, g: 158, b: 255 },
      });
    },
  );

  it('converts HSL and names, and picks readable text', async () => {
    expect(await data('color', { color: 'hsl(210, 50%, 40%)' })).toMatchObject({
      hex: '#336699',
      text_color: '#ffffff',
    });
    expect(await data('color', { color: 'white' })).toMatchObject({
      hsl: { h: 0, s: 0, l: 100 },
      text_color: '#000000',
    });
    expect((await data('color', { color: '#f80' })).hex).toBe('#ff8800');
  });

  it('rejects anything else', async () => {
    for (const color of [
      'rgb(256,0,0)',
      'hsl(400, 10%, 10%)',
      '#12345',
      'constructor',
      'blurple',
    ]) {
      await expectInvalid('color', { color }, "parameter 'color'");
    }
  });
});

describe('slugify', () => {
  it('strips accents and joins words', async () => {
    expect((await data('slugify', { text: '  Héllo Wörld: Straße & Ærø!  ' })).slug).toBe(
      'hello-world-strasse-and-aero',
    );
    expect((await data('slugify', { text: 'Snake Case', separator: '_' })).slug).toBe('snake_case');
    expect((await data('slugify', { text: '你好' })).slug).toBe('');
    await expectInvalid('slugify', { text: 'x', separator: '.' }, "parameter 'separator'");
  });
});

describe('case-convert', () => {
  it.each([
    ['snake', 'XMLHttpRequest2 userId', 'xml_http_request_2_user_id'],
    ['camel', 'get user by id', 'getUserById'],
    ['pascal', 'get-user_by id', 'GetUserById'],
    ['kebab', 'someVariableName', 'some-variable-name'],
    ['constant', 'max retry count', 'MAX_RETRY_COUNT'],
    ['title', 'the éclair of london', 'The Éclair Of London'],
    ['sentence', 'HELLO THERE. how ARE you? fine!', 'Hello there. How are you? Fine!'],
    ['upper', 'straße', 'STRASSE'],
    ['lower', 'ÀB', 'àb'],
  ])('converts to %s', async (to, text, result) => {
    expect(await data('case-convert', { text, to })).toEqual({ to, result });
  });

  it('requires a known target style', async () => {
    await expectInvalid('case-convert', { text: 'x' }, "parameter 'to' is required");
    await expectInvalid('case-convert', { text: 'x', to: 'leet' }, "parameter 'to' must be one of");
  });
});

describe('text-stats', () => {
  it('counts mixed Chinese and English text', async () => {
    expect(
      await data('text-stats', {
        text: 'Hello world. 你好世界！\nSecond line here?\n\n\nNew paragraph.',
      }),
    ).toEqual({
      characters: 53,
      characters_no_spaces: 44,
      bytes_utf8: 63,
      words: 11,
      cjk_characters: 4,
      lines: 5,
      paragraphs: 2,
      sentences: 4,
      reading_time_seconds: 3,
    });
  });

  it('stays fast on pathological input', async () => {
    const started = Date.now();
    await data('text-stats', { text: ' '.repeat(50_000) + '\n'.repeat(50_000) });
    await data('text-stats', { text: 'A'.repeat(100_000) });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('text-diff', () => {
  it('measures edit distance and line changes', async () => {
    expect(
      await data('text-diff', { a: 'apple\nbanana\ncherry', b: 'apple\nblueberry\ncherry\ndate' }),
    ).toEqual({
      identical: false,
      distance: 13,
      similarity: 0.5185,
      lines: { unchanged: 2, removed: 1, added: 2 },
    });
    expect(await data('text-diff', { a: 'kitten', b: 'sitting' })).toMatchObject({ distance: 3 });
    expect(await data('text-diff', { a: '😀', b: '😀' })).toMatchObject({
      identical: true,
      distance: 0,
      similarity: 1,
    });
  });

  it('handles the largest inputs quickly and rejects larger ones', async () => {
    const started = Date.now();
    await data('text-diff', { a: 'ab\n'.repeat(1000), b: 'ba\n'.repeat(1000) });
    expect(Date.now() - started).toBeLessThan(3000);
    await expectInvalid('text-diff', { a: 'x'.repeat(3001), b: 'y' }, "parameter 'a'");
  });
});

describe('roman', () => {
  it('converts both ways', async () => {
    expect(await data('roman', { value: '1994' })).toEqual({ arabic: 1994, roman: 'MCMXCIV' });
    expect(await data('roman', { value: 'mmmcmxcix' })).toEqual({
      arabic: 3999,
      roman: 'MMMCMXCIX',
    });
  });

  it('rejects non-canonical numerals and out-of-range numbers', async () => {
    for (const value of ['IIII', 'VX', 'MMMM', '0', '4000', 'abc'])
      await expectInvalid('roman', { value }, "parameter 'value'");
  });
});

describe('number-words', () => {
  it.each([
    [0, 'zero'],
    [13, 'thirteen'],
    [105, 'one hundred five'],
    [-42, 'minus forty-two'],
    [1_000_001, 'one million one'],
    [
      999_999_999_999_999,
      'nine hundred ninety-nine trillion nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine',
    ],
  ])('writes %d', async (number, words) => {
    expect(await data('number-words', { number: String(number) })).toEqual({ number, words });
  });

  it('rejects decimals and huge numbers', async () => {
    await expectInvalid('number-words', { number: '1.5' }, "parameter 'number'");
    await expectInvalid('number-words', { number: '1000000000000000' }, "parameter 'number'");
  });
});

describe('rmb-upper', () => {
  it.each([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100000001.05', '壹亿零壹元零伍分'],
    ['100500', '壹拾万零伍佰元整'],
    ['10010', '壹万零壹拾元整'],
    ['1000000', '壹佰万元整'],
    ['0.5', '伍角整'],
    ['0.05', '伍分'],
    ['0', '零元整'],
    ['1,000.10', '壹仟元壹角整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('writes %s', async (amount, upper) => {
    expect((await data('rmb-upper', { amount })).upper).toBe(upper);
  });

  it('rejects negatives, three decimals and a trillion', async () => {
    for (const amount of ['-1', '1.234', '1000000000000', '1e5', 'abc']) {
      await expectInvalid('rmb-upper', { amount }, "parameter 'amount'");
    }
  });
});

describe('unit-convert', () => {
  it('converts length, weight and temperature', async () => {
    expect((await data('unit-convert', { value: '1', from: 'mi', to: 'km' })).result).toBe(
      1.609344,
    );
    expect((await data('unit-convert', { value: '1', from: 'kg', to: 'jin' })).result).toBe(2);
    expect((await data('unit-convert', { value: '212', from: 'F', to: 'c' })).result).toBe(100);
    expect((await data('unit-convert', { value: '0', from: 'k', to: 'c' })).result).toBe(-273.15);
  });

  it('rejects mixed categories, unknown units and impossible temperatures', async () => {
    await expectInvalid(
      'unit-convert',
      { value: '1', from: 'kg', to: 'km' },
      "parameter 'to' must be a weight unit",
    );
    await expectInvalid(
      'unit-convert',
      { value: '1', from: 'parsec', to: 'km' },
      "parameter 'from'",
    );
    await expectInvalid('unit-convert', { value: '-300', from: 'c', to: 'f' }, 'absolute zero');
    await expectInvalid('unit-convert', { value: 'NaN', from: 'm', to: 'km' }, "parameter 'value'");
    await expectInvalid(
      'unit-convert',
      { value: '1e400', from: 'm', to: 'km' },
      "parameter 'value'",
    );
  });
});

describe('prime', () => {
  it('factorises and detects primes up to 10^12', async () => {
    expect(await data('prime', { number: '360' })).toEqual({
      number: 360,
      is_prime: false,
      factors: [2, 2, 2, 3, 3, 5],
      factorization: '2^3 × 3^2 × 5',
    });
    expect((await data('prime', { number: '999999999989' })).is_prime).toBe(true);
    expect(await data('prime', { number: '1' })).toEqual({
      number: 1,
      is_prime: false,
      factors: [],
      factorization: '1',
    });
    await expectInvalid('prime', { number: '1000000000001' }, "parameter 'number'");
  });
});

describe('luhn', () => {
  it('validates numbers, computes the check digit and names the brand', async () => {
    expect(await data('luhn', { number: '4111-1111-1111-1111' })).toEqual({
      number: '4111111111111111',
      valid: true,
      check_digit: 1,
      brand: 'Visa',
    });
    expect(await data('luhn', { number: '6222021234567890' })).toMatchObject({
      valid: false,
      check_digit: 4,
      brand: 'UnionPay',
    });
    expect(await data('luhn', { number: '79927398713' })).toMatchObject({
      valid: true,
      brand: null,
    });
    await expectInvalid('luhn', { number: '4111x' }, "parameter 'number'");
  });
});

describe('email-check', () => {
  it('accepts ordinary and internationalised addresses', async () => {
    expect(await data('email-check', { email: 'Alice.Smith+tag@Example.COM' })).toMatchObject({
      valid: true,
      normalized: 'Alice.Smith+tag@example.com',
    });
    expect((await data('email-check', { email: 'user@例子.中国' })).domain).toBe(
      'xn--fsqu00a.xn--fiqs8s',
    );
  });

  it.each([
    'plainaddress',
    'a..b@x.com',
    'x@localhost',
    'x@-bad.com',
    'x@exa mple.com',
    `${'a'.repeat(65)}@x.com`,
    'x@x.c0m',
    'a@b@c.com',
  ])('explains why %s is invalid', async (email) => {
    const result = await data('email-check', { email });
    expect(result.valid).toBe(false);
    expect(typeof result.reason).toBe('string');
  });
});

describe('ip-cidr', () => {
  it('checks IPv4 and IPv6 membership', async () => {
    expect(await data('ip-cidr', { ip: '10.1.2.3', cidr: '10.0.0.0/8' })).toMatchObject({
      in_range: true,
      range: { netmask: '255.0.0.0', size: '16777216' },
    });
    expect((await data('ip-cidr', { ip: '11.0.0.1', cidr: '10.0.0.0/8' })).in_range).toBe(false);
    expect(
      await data('ip-cidr', { ip: '2001:db8:0:0:0:0:0:1', cidr: '2001:db8::/32' }),
    ).toMatchObject({
      ip: '2001:db8::1',
      in_range: true,
      range: { first: '2001:db8::', last: '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff' },
    });
    expect((await data('ip-cidr', { ip: '::ffff:10.0.0.1', cidr: '10.0.0.0/8' })).in_range).toBe(
      true,
    );
    expect((await data('ip-cidr', { ip: '10.0.0.1', cidr: '::/0' })).in_range).toBe(false);
    expect((await data('ip-cidr', { ip: '1.2.3.4', cidr: '192.168.1.77/24' })).range.cidr).toBe(
      '192.168.1.0/24',
    );
    expect((await data('ip-cidr', { ip: '1:0:0:2:0:0:0:3', cidr: '1::/16' })).ip).toBe(
      '1:0:0:2::3',
    );
  });

  it('rejects bad addresses and prefixes', async () => {
    await expectInvalid('ip-cidr', { ip: '999.1.1.1', cidr: '10.0.0.0/8' }, "parameter 'ip'");
    await expectInvalid('ip-cidr', { ip: '1.1.1.1', cidr: '10.0.0.0' }, "parameter 'cidr'");
    await expectInvalid('ip-cidr', { ip: '1.1.1.1', cidr: '10.0.0.0/33' }, 'between 0 and 32');
    await expectInvalid('ip-cidr', { ip: '1.1.1.1', cidr: '10.0.0.0/8/8' }, "parameter 'cidr'");
  });
});

describe('qrcode', () => {
  it('renders SVG by default', async () => {
    const response = await call('qrcode', { text: 'https://example.com' });
    expect(response.contentType).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg[^>]+width="256"/);
  });

  it('renders PNG at the requested size', async () => {
    const response = await call('qrcode', { text: '你好', format: 'png', size: '64', level: 'H' });
    expect(response.contentType).toBe('image/png');
    const png = response.body as Buffer;
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.readUInt32BE(16)).toBe(64);
  });

  it('rejects bad options and text that does not fit', async () => {
    await expectInvalid('qrcode', {}, "parameter 'text' is required");
    await expectInvalid('qrcode', { text: 'x', size: '2000' }, "parameter 'size'");
    await expectInvalid('qrcode', { text: 'x', format: 'gif' }, "parameter 'format'");
    await expectInvalid(
      'qrcode',
      { text: '中'.repeat(1000), level: 'h' },
      'more data than a QR code',
    );
  });
});

describe('quote and joke', () => {
  it('returns quotes with authors in both languages', async () => {
    const en = await data('quote');
    expect(en.lang).toBe('en');
    expect(en.content.length).toBeGreaterThan(5);
    expect(en.author.length).toBeGreaterThan(2);
    expect((await data('quote', { lang: 'zh' })).content).toMatch(/\p{Script=Han}/u);
  });

  it('returns jokes in both languages', async () => {
    expect((await data('joke')).joke.length).toBeGreaterThan(10);
    expect((await data('joke', { lang: 'zh' })).joke).toMatch(/\p{Script=Han}/u);
    await expectInvalid('joke', { lang: 'de' }, "parameter 'lang'");
  });
});

/** Hostile values for every documented parameter: each must give a 2xx or a 400 AppError. */
const HOSTILE_VALUES: unknown[] = [
  'x'.repeat(200_000),
  '\ud800',
  '😀'.repeat(50),
  '%%%',
  '-1',
  '1e309',
  '0x10',
  '  ',
  '\u0000',
  '../../etc/passwd',
  12.5,
  -1,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  ['a'],
  { nested: { value: 1 } },
];

async function outcome(run: () => Promise<BuiltinResponse>): Promise<'ok' | 'invalid'> {
  try {
    const response = await run();
    expect(response.status ?? 200).toBeLessThan(300);
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(/parameter '[a-z_]+'/);
    return 'invalid';
  }
}

function exampleQuery(api: (typeof DEMO_APIS)[number]): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(api.example_query));
}

describe('hostile input', () => {
  it.each(DEMO_APIS.map((api) => [api.name_en, api] as const))(
    '%s answers 2xx or 400',
    async (_, api) => {
      for (const { name } of api.request_params) {
        for (const value of HOSTILE_VALUES) {
          const body = { ...exampleQuery(api), [name]: value };
          await outcome(() => call(api.handler, {}, { method: 'POST', body }));
          if (typeof value === 'string') {
            await outcome(() => call(api.handler, { ...exampleQuery(api), [name]: value }));
          }
        }
      }
    },
  );
});

/** Entries whose example response must equal a fresh call exactly (no randomness, no clock). */
const DETERMINISTIC = new Set([
  'timestamp',
  'date-diff',
  'hash',
  'base64',
  'urlencode',
  'html-escape',
  'hex',
  'crc32',
  'json-format',
  'regex-test',
  'user-agent',
  'color',
  'slugify',
  'case-convert',
  'text-stats',
  'text-diff',
  'roman',
  'number-words',
  'rmb-upper',
  'unit-convert',
  'prime',
  'luhn',
  'email-check',
  'ip-cidr',
]);

describe('DEMO_APIS', () => {
  it('has one entry per handler, with unique url-safe names', () => {
    const names = DEMO_APIS.map((api) => api.name_en);
    expect(DEMO_APIS.length).toBeGreaterThanOrEqual(32);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
    expect(DEMO_APIS.map((api) => api.handler).sort()).toEqual(
      Object.keys(BUILTIN_HANDLERS).sort(),
    );
  });

  it('mixes free, paid, pinned and exactly one disabled entry', () => {
    const paid = DEMO_APIS.filter((api) => api.is_paid === 1);
    const pinned = DEMO_APIS.filter((api) => api.is_pinned === 1);
    expect(DEMO_APIS.filter((api) => api.status === 0)).toHaveLength(1);
    expect(paid.length).toBeGreaterThanOrEqual(8);
    expect(paid.length).toBeLessThanOrEqual(10);
    expect(pinned.length).toBeGreaterThanOrEqual(3);
    expect(pinned.length).toBeLessThanOrEqual(4);
    expect(pinned.some((api) => api.is_paid === 1)).toBe(true);
    expect(pinned.some((api) => api.is_paid === 0)).toBe(true);
    for (const api of DEMO_APIS) {
      expect(Number.isInteger(api.price_per_call_milli)).toBe(true);
      if (api.is_paid) expect(api.price_per_call_milli).toBeGreaterThan(0);
      else expect(api.price_per_call_milli).toBe(0);
    }
  });

  it('fits the columns of the apis table', () => {
    for (const api of DEMO_APIS) {
      expect(api.name.length).toBeLessThanOrEqual(100);
      expect(api.name_en.length).toBeLessThanOrEqual(100);
      expect(api.handler.length).toBeLessThanOrEqual(32);
      expect(`/apis/${api.name_en}?${api.example_query}`.length).toBeLessThanOrEqual(500);
      expect(api.description).toMatch(/\p{Script=Han}/u);
      expect(api.description_en).toMatch(/^[A-Z]/);
    }
  });

  it.each(DEMO_APIS.map((api) => [api.name_en, api] as const))(
    '%s is documented consistently',
    async (_, api) => {
      const response = await call(api.handler, exampleQuery(api));
      expect(response.status ?? 200).toBe(200);

      const viaBody = await call(api.handler, {}, { method: 'POST', body: exampleQuery(api) });
      expect(viaBody.status ?? 200).toBe(200);

      for (const { name } of api.request_params.filter((p) => p.required)) {
        const query = exampleQuery(api);
        delete query[name];
        await expectInvalid(api.handler, query, `parameter '${name}'`);
      }

      for (const { name, type } of api.request_params) {
        const bad =
          type === 'integer' || type === 'number'
            ? 'not-a-number'
            : type === 'boolean'
              ? 'maybe'
              : undefined;
        if (bad !== undefined)
          await expectInvalid(
            api.handler,
            { ...exampleQuery(api), [name]: bad },
            `parameter '${name}'`,
          );
      }

      const read = new Set<string>();
      const tracked = new Proxy(exampleQuery(api), {
        getOwnPropertyDescriptor(target, key) {
          if (typeof key === 'string') read.add(key);
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      });
      await call(api.handler, {}, { query: tracked });
      expect([...read].sort()).toEqual(api.request_params.map((p) => p.name).sort());
      for (const key of Object.keys(exampleQuery(api))) expect(read.has(key)).toBe(true);

      const codes = api.status_codes.map((s) => s.code);
      expect(codes).toEqual(api.is_paid ? [200, 400, 401, 402, 429] : [200, 400, 429]);

      expect(api.php_example).toMatch(/^<\?php\n/);
      expect(api.php_example).toContain(`https://your-portico.example/apis/${api.name_en}`);
      expect(api.php_example.includes('X-API-Key')).toBe(api.is_paid === 1);

      if (response.contentType === undefined) {
        const example = JSON.parse(api.response_example);
        const actual = response.body as { data: Record<string, unknown> };
        expect(example).toMatchObject({ success: true, message: 'ok' });
        expect(Object.keys(example.data).sort()).toEqual(Object.keys(actual.data).sort());
        if (DETERMINISTIC.has(api.name_en)) expect(example.data).toEqual(actual.data);
        const documented = api.response_params.map((p) => p.name);
        for (const key of Object.keys(actual.data)) expect(documented).toContain(`data.${key}`);
      } else {
        expect(api.response_example).toContain(response.contentType.split(';')[0]);
      }
    },
  );
});
