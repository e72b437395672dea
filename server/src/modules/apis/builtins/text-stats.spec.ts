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
});
