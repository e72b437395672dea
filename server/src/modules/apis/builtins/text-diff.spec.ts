import { TEXT_DIFF_HANDLERS } from './text-diff';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(TEXT_DIFF_HANDLERS);

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

  it('measures the largest inputs and rejects larger ones', async () => {
    expect(
      await data('text-diff', { a: 'ab\n'.repeat(1000), b: 'ba\n'.repeat(1000) }),
    ).toMatchObject({ distance: 2000, lines: { unchanged: 1, removed: 1000, added: 1000 } });
    expect(await data('text-diff', { a: 'x'.repeat(3000), b: 'y'.repeat(3000) })).toMatchObject({
      distance: 3000,
      similarity: 0,
    });
    await expectInvalid('text-diff', { a: 'x'.repeat(3001), b: 'y' }, "parameter 'a'");
  });
});
