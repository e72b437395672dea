import type { Lang } from '../i18n';

/**
 * A text an admin writes in Chinese with an optional English translation, in the page's
 * language: English pages show the translation, else the text as written.
 */
export function inLanguage(text: string, english: string | undefined, lang: Lang): string {
  return (lang === 'en' && english?.trim()) || text;
}
