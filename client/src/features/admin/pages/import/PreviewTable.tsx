import type { ImportAction, ImportPreview } from '@contracts/openapi';
import { Badge, Table } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import { IMPORT } from '../../i18n/import';

// Yellow takes dark text: white on it is 1.6:1.
const ACTIONS: Record<ImportAction, { label: string; bg: string; text?: 'dark' }> = {
  create: { label: IMPORT.actions.create, bg: 'success' },
  update: { label: IMPORT.actions.update, bg: 'warning', text: 'dark' },
  unchanged: { label: IMPORT.actions.unchanged, bg: 'secondary' },
};

/** The catalogue columns an import may change, as the editor names them. */
const COLUMN_LABELS: Record<string, string> = {
  name: COMMON.name,
  name_en: IMPORT.columns.nameEn,
  description: COMMON.description,
  description_en: IMPORT.changedColumns.descriptionEn,
  request_method: IMPORT.changedColumns.requestMethod,
  request_params: IMPORT.changedColumns.requestParams,
  response_params: IMPORT.changedColumns.responseParams,
  status_codes: IMPORT.changedColumns.statusCodes,
  response_format: IMPORT.changedColumns.responseFormat,
  response_example: IMPORT.changedColumns.responseExample,
  upstream_url: IMPORT.columns.upstreamUrl,
};

/** What the import would do to each operation it takes: a new entry, an update or nothing. */
export default function PreviewTable({ apis }: { apis: ImportPreview['apis'] }) {
  return (
    <Table
      striped
      bordered
      className="bg-body align-middle admin-cards"
      aria-label={IMPORT.previewTitle}
    >
      <thead>
        <tr>
          <th>{COMMON.name}</th>
          <th>{IMPORT.columns.nameEn}</th>
          <th>{IMPORT.columns.method}</th>
          <th style={{ minWidth: '14rem' }}>{IMPORT.columns.upstreamUrl}</th>
          <th>{IMPORT.columns.parameters}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {apis.length === 0 ? (
          <tr>
            <td colSpan={6} className="text-center text-muted">
              {IMPORT.noOperations}
            </td>
          </tr>
        ) : (
          apis.map((api) => (
            <tr key={`${api.method} ${api.name_en}`}>
              <td data-label={COMMON.name}>{api.name}</td>
              <td data-label={IMPORT.columns.nameEn}>
                <code>{api.name_en}</code>
              </td>
              <td data-label={IMPORT.columns.method}>{api.method}</td>
              <td data-label={IMPORT.columns.upstreamUrl} className="admin-break">
                {api.upstream_url}
              </td>
              <td data-label={IMPORT.columns.parameters}>
                {api.parameters.length === 0
                  ? COMMON.none
                  : IMPORT.parameterList(
                      api.parameters.map((p) => `${p.name}${p.required ? '*' : ''}: ${p.type}`),
                    )}
              </td>
              <td data-label={COMMON.actions}>
                <Badge bg={ACTIONS[api.action].bg} text={ACTIONS[api.action].text}>
                  {ACTIONS[api.action].label}
                </Badge>
                {api.action === 'update' && api.changed_fields.length > 0 && (
                  <div className="small text-muted mt-1">
                    {IMPORT.changed(api.changed_fields.map((f) => COLUMN_LABELS[f] ?? f))}
                  </div>
                )}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
