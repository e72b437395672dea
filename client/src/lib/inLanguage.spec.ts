import { inLanguage } from './inLanguage';

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
