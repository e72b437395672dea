import { listDescriptions } from '@contracts/list-fields';
import { HTML_LANG, useI18n, type Lang } from '../../i18n';
import { inPageLanguage } from '../../lib/inLanguage';

/**
 * A list row's description (an API's parameter, field or status code) as inPageLanguage gives it.
 * Here, not in lib/inLanguage, which every page loads: only the API page reads list rows.
 */
export const listTextIn = (row: Parameters<typeof listDescriptions>[0], lang: Lang) => {
  const { description, description_en } = listDescriptions(row);
  return inPageLanguage(description, description_en, lang);
};

/**
 * A list row's description (an API's parameter, field or status code) in the page's language.
 * Where that one is missing the other is shown, in its own `lang` and tagged as untranslated, so
 * a reader (and a screen reader) knows why it is in another language.
 */
export default function Translated({ row }: { row: Parameters<typeof listTextIn>[0] }) {
  const { lang, t } = useI18n();
  const shown = listTextIn(row, lang);
  if (!shown) return null;
  if (shown.lang === lang) return <>{shown.text}</>;
  // One element: a cell laid out as a flex row (the phone's stacked tables) keeps it inline.
  return (
    <span>
      <span lang={HTML_LANG[shown.lang]}>{shown.text}</span>{' '}
      <span className="badge text-bg-light border fw-normal" title={t('text.untranslatedTitle')}>
        {t('text.untranslated')}
      </span>
    </span>
  );
}
