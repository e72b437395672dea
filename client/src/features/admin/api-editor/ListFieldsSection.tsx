import { PARAMETER_TYPES } from '@contracts/list-fields';
import { Card } from 'react-bootstrap';
import ListFieldEditor from './ListFieldEditor';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import { apiFieldId } from './fields';
import { paramRowErrors, requestRowErrors, statusRowErrors, type SectionProps } from './model';

const { lists } = APIS.editor;

/** A file is an upload: a request parameter of a multipart body, never a response field. */
const NO_FILE_TYPES = PARAMETER_TYPES.filter((type) => type !== 'file');
const TYPE_LABELS = { file: lists.fileType };

/** Each row's two texts: the API page shows the one in its language, else the other, marked. */
const DESCRIPTION_COLUMNS = [
  { key: 'description', label: lists.description },
  { key: 'description_en', label: lists.descriptionEn },
] as const;

/** The request parameters, response parameters and status codes, row by row. */
export default function ListFieldsSection({ form, set, errors = {} }: SectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header>{lists.title}</Card.Header>
      <Card.Body>
        <ListFieldEditor
          title={lists.requestParams}
          id={apiFieldId('request_params')}
          error={errors.request_params}
          rows={form.request_params}
          blank={{
            name: '',
            type: 'string',
            required: false,
            description: '',
            description_en: '',
            enum: '',
            default: '',
            example: '',
          }}
          columns={[
            { key: 'name', label: lists.paramName, width: '12%' },
            {
              key: 'type',
              label: COMMON.type,
              kind: 'select',
              options:
                form.request_format === 'multipart/form-data' ? PARAMETER_TYPES : NO_FILE_TYPES,
              optionLabels: TYPE_LABELS,
              width: '12%',
            },
            { key: 'required', label: lists.required, kind: 'checkbox', width: '4rem' },
            ...DESCRIPTION_COLUMNS,
            // The API page's try-it console: a select of these values, and what it fills in.
            { key: 'enum', label: lists.enum, width: '12%' },
            { key: 'default', label: lists.default, width: '8%' },
            { key: 'example', label: lists.example, width: '10%' },
          ]}
          check={requestRowErrors(form.request_format)}
          onChange={(rows) => set('request_params', rows)}
        />
        <ListFieldEditor
          title={lists.responseParams}
          id={apiFieldId('response_params')}
          error={errors.response_params}
          rows={form.response_params}
          blank={{ name: '', type: 'string', description: '', description_en: '' }}
          columns={[
            { key: 'name', label: lists.fieldName, width: '20%' },
            {
              key: 'type',
              label: COMMON.type,
              kind: 'select',
              options: NO_FILE_TYPES,
              width: '12%',
            },
            ...DESCRIPTION_COLUMNS,
          ]}
          check={paramRowErrors}
          onChange={(rows) => set('response_params', rows)}
        />
        <ListFieldEditor
          title={lists.statusCodes}
          id={apiFieldId('status_codes')}
          error={errors.status_codes}
          rows={form.status_codes}
          blank={{ code: '', description: '', description_en: '' }}
          columns={[
            { key: 'code', label: lists.code, kind: 'number', width: '12%' },
            ...DESCRIPTION_COLUMNS,
          ]}
          check={statusRowErrors}
          onChange={(rows) => set('status_codes', rows)}
        />
      </Card.Body>
    </Card>
  );
}
