import { PARAMETER_TYPES } from '@contracts/list-fields';
import { Card } from 'react-bootstrap';
import ListFieldEditor from '../components/ListFieldEditor';
import { apiFieldId } from './fields';
import { paramRowErrors, statusRowErrors, type SectionProps } from './model';

/** Each row's two texts: the API page shows the one in its language, else the other, marked. */
const DESCRIPTION_COLUMNS = [
  { key: 'description', label: '中文说明' },
  { key: 'description_en', label: '英文说明' },
] as const;

/** The request parameters, response parameters and status codes, row by row. */
export default function ListFieldsSection({ form, set, errors = {} }: SectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header>参数与状态码</Card.Header>
      <Card.Body>
        <ListFieldEditor
          title="请求参数"
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
            { key: 'name', label: '参数名', width: '12%' },
            { key: 'type', label: '类型', kind: 'select', options: PARAMETER_TYPES, width: '10%' },
            { key: 'required', label: '必填', kind: 'checkbox', width: '4rem' },
            ...DESCRIPTION_COLUMNS,
            // The API page's try-it console: a select of these values, and what it fills in.
            { key: 'enum', label: '可选值（逗号分隔）', width: '12%' },
            { key: 'default', label: '默认值', width: '8%' },
            { key: 'example', label: '示例值', width: '10%' },
          ]}
          check={paramRowErrors}
          onChange={(rows) => set('request_params', rows)}
        />
        <ListFieldEditor
          title="返回参数"
          id={apiFieldId('response_params')}
          error={errors.response_params}
          rows={form.response_params}
          blank={{ name: '', type: 'string', description: '', description_en: '' }}
          columns={[
            { key: 'name', label: '字段名', width: '20%' },
            { key: 'type', label: '类型', kind: 'select', options: PARAMETER_TYPES, width: '12%' },
            ...DESCRIPTION_COLUMNS,
          ]}
          check={paramRowErrors}
          onChange={(rows) => set('response_params', rows)}
        />
        <ListFieldEditor
          title="状态码"
          id={apiFieldId('status_codes')}
          error={errors.status_codes}
          rows={form.status_codes}
          blank={{ code: '', description: '', description_en: '' }}
          columns={[
            { key: 'code', label: '状态码', kind: 'number', width: '12%' },
            ...DESCRIPTION_COLUMNS,
          ]}
          check={statusRowErrors}
          onChange={(rows) => set('status_codes', rows)}
        />
      </Card.Body>
    </Card>
  );
}
