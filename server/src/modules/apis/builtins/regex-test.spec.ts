import { REGEX_TEST_HANDLERS } from './regex-test';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(REGEX_TEST_HANDLERS);

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
