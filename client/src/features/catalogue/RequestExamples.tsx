import type { ApiDetail } from '@contracts/apis';
import {
  EXAMPLE_LANGUAGE_LABELS,
  EXAMPLE_LANGUAGES,
  type ExampleLanguage,
  KEY_PLACEHOLDER,
  type RequestModel,
  renderExample,
} from '@contracts/request-examples';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n';
import CodeBlock from './CodeBlock';

/** The tab a key moves to from `index` (WAI-ARIA tabs: arrows wrap, Home and End), or null. */
function tabMovedTo(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The console's request in ten languages. The tabs scroll sideways on a narrow screen and follow
 * the tabs pattern: one tab stop, the arrow keys (and Home, End) pick and show the next language.
 */
export default function RequestExamples({
  api,
  model,
  copyModel,
  keyFilled,
  keyShown,
  onKeyShown,
}: {
  api: ApiDetail;
  /** What the examples show: the signed-in key, or its placeholder until it is shown. */
  model: RequestModel;
  /** What their copy buttons copy: the real key either way. */
  copyModel: RequestModel;
  keyFilled: boolean;
  keyShown: boolean;
  onKeyShown: (shown: boolean) => void;
}) {
  const { t } = useI18n();
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (value: ExampleLanguage) => `${id}-tab-${value}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabMovedTo(
      event.key,
      EXAMPLE_LANGUAGES.indexOf(language),
      EXAMPLE_LANGUAGES.length,
    );
    if (next === null) return;
    event.preventDefault();
    setLanguage(EXAMPLE_LANGUAGES[next]);
    // Focusing scrolls the tab into the row's view.
    tabs.current[next]?.focus();
  };
  return (
    <>
      <p className="small text-muted">{t('api.examplesNote')}</p>
      <div className="portico-tabs-scroll">
        <div
          className="nav nav-tabs flex-nowrap"
          role="tablist"
          aria-label={t('api.requestExamples')}
          onKeyDown={onKeyDown}
        >
          {EXAMPLE_LANGUAGES.map((value, index) => (
            <button
              key={value}
              ref={(tab) => {
                tabs.current[index] = tab;
              }}
              type="button"
              role="tab"
              id={tabId(value)}
              aria-selected={value === language}
              aria-controls={panelId}
              tabIndex={value === language ? 0 : -1}
              className={`nav-link text-nowrap${value === language ? ' active' : ''}`}
              onClick={() => setLanguage(value)}
            >
              {EXAMPLE_LANGUAGE_LABELS[value]}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(language)}>
        <CodeBlock
          code={renderExample(model, language)}
          copyText={renderExample(copyModel, language)}
          label={t('api.requestExample', { language })}
        />
      </div>
      <p className="small text-muted mt-2 mb-0">
        {keyFilled ? (
          <>
            {keyShown ? t('api.keyFilled') : t('api.keyHidden', { placeholder: KEY_PLACEHOLDER })}{' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              aria-pressed={keyShown}
              onClick={() => onKeyShown(!keyShown)}
            >
              {keyShown ? t('api.hideKey') : t('api.showKey')}
            </button>
          </>
        ) : api.is_paid ? (
          t('api.keyReplace', { placeholder: KEY_PLACEHOLDER })
        ) : (
          t('api.keyOptional')
        )}
      </p>
    </>
  );
}
