import fc from 'fast-check';
import { checkDocument, JSON_FORMAT_HANDLERS } from './json-format';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(JSON_FORMAT_HANDLERS);

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

  it('refuses documents whose indentation would make the answer huge', async () => {
    const zeros = (count: number) => `[${'0,'.repeat(count - 1)}0]`;
    const largest = await data('json-format', { json: zeros(36_363), indent: '8' });
    expect(largest.formatted).toHaveLength(399_995);
    await expectInvalid(
      'json-format',
      { json: zeros(36_364), indent: '8' },
      "parameter 'json' would take 400006 characters formatted with indent 8, more than 400000",
    );
    const nested = `${'['.repeat(99)}${zeros(40_000)}${']'.repeat(99)}`;
    await expectInvalid('json-format', { json: nested, indent: '1' }, 'use a smaller indent');
    expect((await data('json-format', { json: nested, indent: '0' })).formatted).toBe(nested);
  });

  it('measures a parsed body as its JSON text, stopping at the limit', async () => {
    const zeros = (count: number) => new Array<number>(count).fill(0);
    expect((await data('json-format', {}, { body: { json: zeros(49_999) } })).size).toBe(99_999);
    for (const count of [50_000, 500_000]) {
      await expectInvalid('json-format', {}, 'at most 100000 characters', {
        body: { json: zeros(count) },
      });
    }
    fc.assert(
      fc.property(fc.jsonValue(), (document) => {
        const length = JSON.stringify(document).length;
        expect(() => checkDocument(document, 'json', length)).not.toThrow();
        expect(() => checkDocument(document, 'json', length - 1)).toThrow('at most');
      }),
    );
  });
});
