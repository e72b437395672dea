import { FUN_HANDLERS } from './fun';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(FUN_HANDLERS);

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
