import fc from 'fast-check';
import { TEXT_DIFF_HANDLERS } from './text-diff';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(TEXT_DIFF_HANDLERS);

/** The textbook tables, one cell at a time, to check the bit-parallel versions against. */
function tableDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}

function tableCommon(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = [0];
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    }
    previous = current;
  }
  return previous[b.length];
}

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

  it('agrees with the cell-by-cell tables on texts spanning several bands', async () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', '😀', '\n', '\n', '\r\n'), {
        minLength: 1,
        maxLength: 150,
        size: 'max',
      })
      .map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(text, text, async (a, b) => {
        const lines = (value: string) => value.split(/\r\n|\r|\n/);
        expect(await data('text-diff', {}, { body: { a, b } })).toMatchObject({
          distance: tableDistance([...a], [...b]),
          lines: { unchanged: tableCommon(lines(a), lines(b)) },
        });
      }),
    );
  });
});
