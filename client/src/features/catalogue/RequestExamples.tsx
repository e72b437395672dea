import type { ApiDetail } from '@contracts/apis';
import {
  EXAMPLE_LANGUAGE_LABELS,
  EXAMPLE_LANGUAGES,
  type ExampleLanguage,
  KEY_PLACEHOLDER,
  type RequestModel,
  renderExample,
} from '@contracts/request-examples';
import { useState } from 'react';
import { useI18n } from '../../i18n';
import CodeBlock from './CodeBlock';

/** The console's request in ten languages; the tabs scroll sideways on a narrow screen. */
export default function RequestExamples({
  api,
  model,
  keyFilled,
}: {
  api: ApiDetail;
  model: RequestModel;
  keyFilled: boolean;
}) {
  const { t } = useI18n();
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  return (
    <>
      <p className="small text-muted">{t('api.examplesNote')}</p>
      <div className="portico-tabs-scroll">
        <div
          className="nav nav-tabs flex-nowrap"
          role="tablist"
          aria-label={t('api.requestExamples')}
        >
          {EXAMPLE_LANGUAGES.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={value === language}
              className={`nav-link text-nowrap${value === language ? ' active' : ''}`}
              onClick={() => setLanguage(value)}
            >
              {EXAMPLE_LANGUAGE_LABELS[value]}
            </button>
          ))}
        </div>
      </div>
      <CodeBlock
        code={renderExample(model, language)}
        label={t('api.requestExample', { language })}
      />
      <p className="small text-muted mt-2 mb-0">
        {keyFilled
          ? t('api.keyFilled')
          : api.is_paid
            ? t('api.keyReplace', { placeholder: KEY_PLACEHOLDER })
            : t('api.keyOptional')}
      </p>
    </>
  );
}
