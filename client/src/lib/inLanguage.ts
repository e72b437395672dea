import type { Lang } from '../i18n';

/**
 * A text an admin writes in Chinese with an optional English translation, in the page's
 * language: English pages show the translation, else the text as written.
 */
export function inLanguage(text: string, english: string | undefined, lang: Lang): string {
  return (lang === 'en' && english?.trim()) || text;
}

/** A text in one language: `lang` differs from the page's where no translation exists. */
export interface LanguageText {
  text: string;
  lang: Lang;
}

/**
 * A text with a Chinese and an English version (an API's list-field descriptions), in the page's
 * language; where that one is empty, the other, saying which language it is in. Null: neither.
 */
export function inPageLanguage(
  zh: string | undefined,
  en: string | undefined,
  lang: Lang,
): LanguageText | null {
  const texts: Record<Lang, string> = { zh: zh?.trim() ?? '', en: en?.trim() ?? '' };
  const other: Lang = lang === 'en' ? 'zh' : 'en';
  if (texts[lang]) return { text: texts[lang], lang };
  return texts[other] ? { text: texts[other], lang: other } : null;
}
