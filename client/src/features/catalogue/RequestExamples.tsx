import type { ApiDetail } from '@contracts/apis';
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { selectUser } from '../../app/authSlice';
import { useSignedIn } from '../../app/useSignedIn';
import { useOrigin } from '../../lib/ssr';
import { useI18n } from '../../i18n';
import CodeBlock from './CodeBlock';
import {
  absoluteUrl,
  buildExamples,
  ExampleLanguage,
  KEY_PLACEHOLDER,
  samplesFromExampleUrl,
} from './requestExamples';

const LANGUAGES: [ExampleLanguage, string][] = [
  ['curl', 'cURL'],
  ['javascript', 'JavaScript (fetch)'],
  ['python', 'Python (requests)'],
  ['php', 'PHP'],
];

export default function RequestExamples({ api }: { api: ApiDetail }) {
  const { t } = useI18n();
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const isLoggedIn = useSignedIn();
  const origin = useOrigin();
  const user = useAppSelector(selectUser);
  const apiKey = isLoggedIn ? user.api_key : null;
  const examples = useMemo(
    () =>
      buildExamples({
        method: api.request_method,
        url: absoluteUrl(api.endpoint, origin),
        params: api.request_params,
        samples: samplesFromExampleUrl(api.example_url),
        apiKey,
      }),
    [api, apiKey, origin],
  );
  return (
    <>
      <div className="nav nav-tabs flex-nowrap overflow-auto" role="tablist">
        {LANGUAGES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === language}
            className={`nav-link text-nowrap${value === language ? ' active' : ''}`}
            onClick={() => setLanguage(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <CodeBlock code={examples[language]} label={t('api.requestExample', { language })} />
      <p className="small text-muted mt-2 mb-0">
        {apiKey
          ? t('api.keyFilled')
          : `${t('api.keyReplace', { placeholder: KEY_PLACEHOLDER })}${api.is_paid ? '' : ` ${t('api.keyOptional')}`}`}
      </p>
    </>
  );
}
