import { PARAMETER_TYPES } from '@contracts/list-fields';
import { Card } from 'react-bootstrap';
import ListFieldEditor from '../components/ListFieldEditor';
import { apiFieldId } from './fields';
import { paramRowErrors, statusRowErrors, type SectionProps } from './model';

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
            enum: '',
            default: '',
            example: '',
          }}
          columns={[
            { key: 'name', label: '参数名', width: '14%' },
            { key: 'type', label: '类型', kind: 'select', options: PARAMETER_TYPES, width: '11%' },
            { key: 'required', label: '必填', kind: 'checkbox', width: '4rem' },
            { key: 'description', label: '说明' },
            // The API page's try-it console: a select of these values, and what it fills in.
            { key: 'enum', label: '可选值（逗号分隔）', width: '14%' },
            { key: 'default', label: '默认值', width: '10%' },
            { key: 'example', label: '示例值', width: '12%' },
          ]}
          check={paramRowErrors}
          onChange={(rows) => set('request_params', rows)}
        />
        <ListFieldEditor
          title="返回参数"
          id={apiFieldId('response_params')}
          error={errors.response_params}
          rows={form.response_params}
          blank={{ name: '', type: 'string', description: '' }}
          columns={[
            { key: 'name', label: '字段名', width: '25%' },
            { key: 'type', label: '类型', kind: 'select', options: PARAMETER_TYPES, width: '15%' },
            { key: 'description', label: '说明' },
          ]}
          check={paramRowErrors}
          onChange={(rows) => set('response_params', rows)}
        />
        <ListFieldEditor
          title="状态码"
          id={apiFieldId('status_codes')}
          error={errors.status_codes}
          rows={form.status_codes}
          blank={{ code: '', description: '' }}
          columns={[
            { key: 'code', label: '状态码', kind: 'number', width: '20%' },
            { key: 'description', label: '说明' },
          ]}
          check={statusRowErrors}
          onChange={(rows) => set('status_codes', rows)}
        />
      </Card.Body>
    </Card>
  );
}
