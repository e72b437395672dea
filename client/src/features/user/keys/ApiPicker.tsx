import type { AllowedApiName } from '@contracts/api-keys';
import type { ApiSummary } from '@contracts/apis';
import { MAX_ALLOWED_APIS } from '@contracts/api-keys';
import { useEffect, useState } from 'react';
import { Badge, CloseButton, Form, ListGroup } from 'react-bootstrap';
import type { invalidMarks } from '../../../components/ui/invalidMarks';
import { useI18n } from '../../../i18n';
import { apiTitle } from '../../../lib/apiText';
import { useSearchKeyApisQuery } from './api';

const SEARCH_DELAY_MS = 250;

/**
 * A key's allowed APIs: the chosen ones as removable badges, and a search over the whole public
 * catalogue (the server searches, a page of matches at a time), so any API can be chosen however
 * many there are.
 */
export default function ApiPicker({
  value,
  onChange,
  marks,
}: {
  value: AllowedApiName[];
  onChange: (apis: AllowedApiName[]) => void;
  /** The search field's marks when the choice was refused (see invalidMarks). */
  marks: ReturnType<typeof invalidMarks>;
}) {
  const { t, lang } = useI18n();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = useSearchKeyApisQuery(search);
  const chosen = new Set(value.map((api) => api.id));
  const full = value.length >= MAX_ALLOWED_APIS;

  const toggle = (api: AllowedApiName | ApiSummary) =>
    onChange(
      chosen.has(api.id)
        ? value.filter((other) => other.id !== api.id)
        : [
            ...value,
            { id: api.id, name: api.name, name_en: api.name_en, title_en: api.title_en ?? '' },
          ],
    );

  return (
    <div data-testid="api-picker">
      <div className="d-flex flex-wrap gap-2 mb-2" aria-live="polite">
        {value.length === 0 ? (
          <span className="small text-body-secondary">{t('keys.allApis')}</span>
        ) : (
          value.map((api) => (
            <Badge
              key={api.id}
              bg="secondary"
              className="d-inline-flex align-items-center gap-1 text-wrap text-start portico-break-anywhere"
            >
              {apiTitle(api, lang)}
              <CloseButton
                variant="white"
                style={{ fontSize: '0.6rem' }}
                aria-label={t('keys.removeApi', { name: apiTitle(api, lang) })}
                onClick={() => toggle(api)}
              />
            </Badge>
          ))
        )}
      </div>
      <Form.Control
        type="search"
        value={text}
        {...marks}
        placeholder={t('keys.searchApis')}
        onChange={(e) => setText(e.target.value)}
      />
      <ListGroup className="mt-1 overflow-auto" style={{ maxHeight: '12rem' }}>
        {(matches.data ?? []).map((api) => (
          <ListGroup.Item key={api.id} className="portico-break-anywhere">
            <Form.Check
              id={`key-api-${api.id}`}
              checked={chosen.has(api.id)}
              disabled={full && !chosen.has(api.id)}
              label={`${apiTitle(api, lang)} (${api.name_en})`}
              onChange={() => toggle(api)}
            />
          </ListGroup.Item>
        ))}
        {matches.data?.length === 0 && (
          <ListGroup.Item className="small text-body-secondary">
            {t('keys.noApiMatch')}
          </ListGroup.Item>
        )}
      </ListGroup>
    </div>
  );
}
