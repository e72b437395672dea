import fc from 'fast-check';
import { TEXT_STATS_HANDLERS } from './text-stats';
import { harness } from './test/harness';

const { data } = harness(TEXT_STATS_HANDLERS);

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

  it('counts the largest blank and unbroken texts', async () => {
    expect(
      await data('text-stats', { text: ' '.repeat(50_000) + '\n'.repeat(50_000) }),
    ).toMatchObject({ characters: 100_000, words: 0, lines: 50_001, paragraphs: 0, sentences: 0 });
    expect(await data('text-stats', { text: 'A'.repeat(100_000) })).toMatchObject({
      characters: 100_000,
      words: 1,
      lines: 1,
      paragraphs: 1,
      sentences: 1,
    });
  });

  it('counts as the plain definitions do, without their arrays of every character', async () => {
    const pieces = [
      '中',
      '𠀀',
      '〇',
      'a',
      'É',
      '7',
      ' ',
      '\u00a0',
      '\t',
      '\n',
      '\r',
      '.',
      '!',
      '。',
      "'",
      '-',
      '😀',
    ];
    const text = fc
      .array(fc.constantFrom(...pieces), { maxLength: 60, size: 'max' })
      .map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (sample) => {
        fc.pre(sample !== '');
        const codePoints = [...sample];
        const han = sample.match(/\p{Script=Han}/gu)?.length ?? 0;
        const otherWords = sample
          .replace(/\p{Script=Han}/gu, ' ')
          .match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu);
        expect(await data('text-stats', {}, { body: { text: sample } })).toMatchObject({
          characters: codePoints.length,
          characters_no_spaces: codePoints.filter((char) => !/\s/.test(char)).length,
          cjk_characters: han,
          words: han + (otherWords?.length ?? 0),
          sentences: sample.split(/[.!?。！？]+/).filter((piece) => /[\p{L}\p{N}]/u.test(piece))
            .length,
        });
      }),
    );
  });
});
