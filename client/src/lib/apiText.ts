import type { ApiSummary } from '@contracts/apis';
import type { Lang } from '../i18n';
import { inLanguage } from './inLanguage';

/**
 * An API's title and description in the page's language: English pages show the English title
 * and description, falling back to the Chinese ones an admin has not translated yet.
 */
export function apiTitle(api: Pick<ApiSummary, 'name' | 'title_en'>, lang: Lang): string {
  return inLanguage(api.name, api.title_en, lang);
}

export function apiDescription(
  api: Pick<ApiSummary, 'description' | 'description_en'>,
  lang: Lang,
): string {
  return inLanguage(api.description, api.description_en, lang);
}
