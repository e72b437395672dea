import { REGEX_TEST_HANDLERS } from './regex-test';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(REGEX_TEST_HANDLERS);

const indexes = (result: { matches: { index: number }[] }) => result.matches.map((m) => m.index);

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
    expect(indexes(empty)).toEqual([0, 2, 4]);
    expect((await data('regex-test', { pattern: 'x', text: 'abc' })).matched).toBe(false);
  });

  it('follows the exec loop of JavaScript for empty matches, sticky searches and flags', async () => {
    const stars = await data('regex-test', { pattern: 'a*', flags: 'g', text: 'baaa' });
    expect(stars.matches.map((m: { match: string }) => m.match)).toEqual(['', 'aaa', '']);
    expect(indexes(stars)).toEqual([0, 1, 4]);
    expect(indexes(await data('regex-test', { pattern: 'a', flags: 'gy', text: 'aaba' }))).toEqual([
      0, 1,
    ]);
    expect((await data('regex-test', { pattern: 'a', flags: 'y', text: 'ba' })).matched).toBe(
      false,
    );
    const lines = await data('regex-test', { pattern: '^B.$', flags: 'gims', text: 'a\nb\n' });
    expect(lines.matches).toEqual([{ match: 'b\n', index: 2, groups: [], named_groups: null }]);
  });

  it('reports unmatched groups as null and keeps odd group names as data', async () => {
    const result = await data('regex-test', {
      pattern: '(?<__proto__>a)|(?<constructor>b)',
      flags: 'g',
      text: 'ab',
    });
    expect(result.matches[0].groups).toEqual(['a', null]);
    expect(result.matches[1].named_groups).toEqual(
      JSON.parse('{"__proto__": null, "constructor": "b"}'),
    );
  });

  it('reads legacy escapes as JavaScript does without the u flag', async () => {
    expect((await data('regex-test', { pattern: 'a\\-\\k', text: 'a-k' })).matched).toBe(true);
    expect((await data('regex-test', { pattern: 'x{,2}', text: 'x{,2}' })).matched).toBe(true);
  });

  it('caps the number of matches and clips long captures', async () => {
    expect(
      await data('regex-test', { pattern: '.', flags: 'g', text: 'x'.repeat(500) }),
    ).toMatchObject({ count: 100, truncated: true });
    const heavy = await data('regex-test', {
      pattern: `${'('.repeat(8)}.*${')'.repeat(8)}`,
      flags: 'g',
      text: `${'y'.repeat(1500)}\n`.repeat(3),
    });
    expect(heavy.truncated).toBe(true);
    for (const part of [heavy.matches[0].match, ...heavy.matches[0].groups]) {
      expect(part).toBe('y'.repeat(1000));
    }
  });

  it('answers catastrophic-backtracking patterns, since matching takes linear time', async () => {
    for (const [pattern, text] of [
      ['^(a+)+$', `${'a'.repeat(30)}!`],
      ['(a+)+$', `${'a'.repeat(40)}b`],
      ['^(a|aa)+$', `${'a'.repeat(5000)}!`],
      ['(x+x+)+y', 'x'.repeat(5000)],
      ['^(\\w+\\s?)*$', `${'word '.repeat(1000)}!`],
      ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'aaaa'.repeat(1000)}!`],
    ]) {
      expect(await data('regex-test', { pattern, text })).toMatchObject({
        matched: false,
        count: 0,
        truncated: false,
      });
    }
    expect((await data('regex-test', { pattern: '^(a+)+$', text: 'aaaa' })).matches).toEqual([
      { match: 'aaaa', index: 0, groups: ['aaaa'], named_groups: null },
    ]);
    expect((await data('regex-test', { pattern: 'b$', text: 'ab' })).matched).toBe(true);
  });

  it('refuses what the linear-time engine cannot run', async () => {
    for (const [pattern, feature] of [
      ['(a)\\1', 'backreferences'],
      ['(?<x>a)\\k<x>', 'backreferences'],
      ['(?=a)', 'lookahead'],
      ['a(?!b)', 'lookahead'],
      ['(?<=a)b', 'lookbehind'],
      ['(?<!a)b', 'lookbehind'],
    ]) {
      await expectInvalid(
        'regex-test',
        { pattern, text: 'ab' },
        `parameter 'pattern' uses a feature the linear-time regular expression engine does not support (${feature})`,
      );
    }
    await expectInvalid(
      'regex-test',
      { pattern: '\\p{Script=Greek}', flags: 'u', text: 'α' },
      'does not support',
    );
    expect((await data('regex-test', { pattern: '[(?=)]', text: '=' })).matched).toBe(true);
  });

  it('bounds the work of a call by the size of the pattern and the text', async () => {
    await expectInvalid(
      'regex-test',
      { pattern: '(?:(?:a{10}){10}){10}', text: 'a' },
      "parameter 'pattern' is too large once its repetitions are expanded",
    );
    await expectInvalid(
      'regex-test',
      { pattern: '[a-z]{1,30}', text: 'x'.repeat(10_000) },
      /^parameter 'text' is too long for this pattern: it may hold at most \d+ characters/,
    );
    const numbers = await data('regex-test', {
      pattern: '\\d+',
      flags: 'g',
      text: '12 '.repeat(3333),
    });
    expect(numbers.truncated).toBe(true);
    expect(numbers.count).toBeGreaterThan(0);
    expect(indexes(numbers)).toEqual(Array.from({ length: numbers.count }, (_, i) => 3 * i));
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
