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

  it('stays fast on pathological input', async () => {
    const started = Date.now();
    await data('text-stats', { text: ' '.repeat(50_000) + '\n'.repeat(50_000) });
    await data('text-stats', { text: 'A'.repeat(100_000) });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
