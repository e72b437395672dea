import { inLanguage, inPageLanguage } from './inLanguage';

describe('inLanguage', () => {
  it('shows the English text on English pages and the text as written on Chinese ones', () => {
    expect(inLanguage('状态页', 'Status page', 'en')).toBe('Status page');
    expect(inLanguage('状态页', 'Status page', 'zh')).toBe('状态页');
  });

  it.each([undefined, '', '   '])(
    'falls back to the text as written without English (%j)',
    (en) => {
      expect(inLanguage('状态页', en, 'en')).toBe('状态页');
    },
  );
});

describe('inPageLanguage', () => {
  it("gives the page's own text where there is one", () => {
    expect(inPageLanguage(' 时区 ', 'time zone', 'zh')).toEqual({ text: '时区', lang: 'zh' });
    expect(inPageLanguage('时区', ' time zone ', 'en')).toEqual({ text: 'time zone', lang: 'en' });
  });

  it('gives the other text, in its language, where the page has none', () => {
    expect(inPageLanguage('', 'time zone', 'zh')).toEqual({ text: 'time zone', lang: 'en' });
    expect(inPageLanguage('时区', '  ', 'en')).toEqual({ text: '时区', lang: 'zh' });
    expect(inPageLanguage(undefined, 'time zone', 'zh')).toEqual({ text: 'time zone', lang: 'en' });
  });

  it('gives nothing where neither has a text', () => {
    expect(inPageLanguage('', undefined, 'en')).toBeNull();
    expect(inPageLanguage(undefined, ' ', 'zh')).toBeNull();
  });
});
