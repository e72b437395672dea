import {
  API_MESSAGES,
  PRICE_PATTERN,
  REQUEST_METHODS,
  type AdminApi,
  type RequestMethod,
  type SaveApiBody,
} from '@contracts/apis';
import { isRequiredFlag, PARAMETER_TYPES } from '@contracts/list-fields';
import { skipToken } from '@reduxjs/toolkit/query';
import { FormEvent, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router-dom';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminApiQuery, useCreateApiMutation, useUpdateApiMutation } from '../api';
import ListFieldEditor from '../components/ListFieldEditor';
import { adminErrorText } from '../errors';
import { parseRouteId } from '../ids';
import { adminPaths } from '../paths';

type RequestRow = { name: string; type: string; required: boolean; description: string };
type ResponseRow = { name: string; type: string; description: string };
type StatusRow = { code: string; description: string };

interface ApiForm {
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  endpoint: string;
  example_url: string;
  response_format: string;
  request_method: RequestMethod;
  request_params: RequestRow[];
  response_params: ResponseRow[];
  status_codes: StatusRow[];
  php_example: string;
  response_example: string;
  status: boolean;
  is_paid: boolean;
  is_pinned: boolean;
  price_per_call: string;
  handler: string;
  upstream_url: string;
  upstream_timeout_ms: string;
}

const EMPTY: ApiForm = {
  name: '',
  name_en: '',
  description: '',
  description_en: '',
  endpoint: '',
  example_url: '',
  response_format: 'application/json',
  request_method: 'GET',
  request_params: [],
  response_params: [],
  status_codes: [{ code: '200', description: '成功' }],
  php_example: '',
  response_example: '',
  status: true,
  is_paid: false,
  is_pinned: false,
  price_per_call: '0.000',
  handler: '',
  upstream_url: '',
  upstream_timeout_ms: '10000',
};

const toForm = (api: AdminApi): ApiForm => ({
  ...api,
  request_params: api.request_params.map((p) => ({
    name: p.name,
    type: p.type,
    required: isRequiredFlag(p.required),
    description: p.description,
  })),
  response_params: api.response_params.map((p) => ({
    name: p.name ?? p.key ?? '',
    type: p.type,
    description: p.description,
  })),
  status_codes: api.status_codes.map((s) => ({ code: String(s.code), description: s.description })),
  status: api.status === 1,
  is_paid: api.is_paid === 1,
  is_pinned: api.is_pinned === 1,
  handler: api.handler ?? '',
  upstream_url: api.upstream_url ?? '',
  upstream_timeout_ms: String(api.upstream_timeout_ms),
});

/** The create_api/update_api body: list fields as JSON text, numeric 0/1 flags. */
export function toApiBody(form: ApiForm, id?: number): SaveApiBody {
  return {
    ...(id !== undefined && { id }),
    name: form.name.trim(),
    name_en: form.name_en.trim(),
    description: form.description,
    description_en: form.description_en,
    endpoint: form.endpoint.trim(),
    example_url: form.example_url.trim(),
    response_format: form.response_format.trim(),
    request_method: form.request_method,
    request_params: JSON.stringify(form.request_params.filter((p) => p.name.trim())),
    response_params: JSON.stringify(form.response_params.filter((p) => p.name.trim())),
    status_codes: JSON.stringify(
      form.status_codes
        .filter((s) => s.code.trim())
        .map((s) => ({ code: Number(s.code), description: s.description })),
    ),
    php_example: form.php_example,
    response_example: form.response_example,
    status: form.status ? 1 : 0,
    is_paid: form.is_paid ? 1 : 0,
    is_pinned: form.is_pinned ? 1 : 0,
    price_per_call: threeDecimals(form.price_per_call.trim()),
    handler: form.handler.trim(),
    upstream_url: form.upstream_url.trim(),
    upstream_timeout_ms: Number(form.upstream_timeout_ms) || 10000,
  };
}

/** SPEC §7 sends the price with 3 decimals ("0.5" → "0.500"); anything else goes as typed for the server to reject. */
function threeDecimals(price: string): string {
  const match = /^(\d+)(?:\.(\d{0,3}))?$/.exec(price);
  return match ? `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}` : price;
}

function ApiFormView({ initial, id }: { initial: ApiForm; id?: number }) {
  const navigate = useNavigate();
  const [create, creating] = useCreateApiMutation();
  const [update, updating] = useUpdateApiMutation();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const busy = creating.isLoading || updating.isLoading;

  const set = <K extends keyof ApiForm>(key: K, value: ApiForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const text = (key: keyof ApiForm, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group className="mb-3" controlId={`api-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={form[key] as string}
        onChange={(e) => set(key, e.target.value as never)}
        {...props}
      />
    </Form.Group>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.name_en.trim() || !form.endpoint.trim()) {
      return setError(API_MESSAGES.required);
    }
    if (form.is_paid && !PRICE_PATTERN.test(form.price_per_call.trim()))
      return setError(API_MESSAGES.price);
    setError(null);
    const body = toApiBody(form, id);
    const result = id === undefined ? await create(body) : await update(body);
    if ('error' in result) {
      setError(
        adminErrorText(result.error, {
          failed: id === undefined ? 'add failed' : 'update failed',
          network: 'request error',
        }),
      );
      return;
    }
    void navigate(adminPaths.control, { state: { saved: result.data.message } });
  };

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)}>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Card className="mb-4">
        <Card.Header>基本信息</Card.Header>
        <Card.Body>
          <Row>
            <Col md={6}>{text('name', 'API 名称')}</Col>
            <Col md={6}>
              {text('name_en', '英文名', {
                onChange: (e: { target: { value: string } }) => {
                  const value = e.target.value;
                  // A new API's endpoint follows its English name until edited by hand.
                  setForm((current) => ({
                    ...current,
                    name_en: value,
                    endpoint:
                      id === undefined &&
                      (current.endpoint === '' || current.endpoint === `/apis/${current.name_en}`)
                        ? `/apis/${value}`
                        : current.endpoint,
                  }));
                },
              })}
            </Col>
            <Col md={6}>{text('endpoint', 'Endpoint')}</Col>
            <Col md={6}>{text('example_url', '示例 URL')}</Col>
            <Col md={6}>{text('response_format', '返回格式')}</Col>
            <Col md={6}>
              <Form.Group className="mb-3" controlId="api-request_method">
                <Form.Label>请求方法</Form.Label>
                <Form.Select
                  value={form.request_method}
                  onChange={(e) => set('request_method', e.target.value as RequestMethod)}
                >
                  {REQUEST_METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col md={6}>{text('description', '描述', { as: 'textarea', rows: 3 })}</Col>
            <Col md={6}>{text('description_en', '英文描述', { as: 'textarea', rows: 3 })}</Col>
          </Row>
          <div className="d-flex flex-wrap gap-4 align-items-end">
            <Form.Check
              type="switch"
              id="api-status"
              label="启用"
              checked={form.status}
              onChange={(e) => set('status', e.target.checked)}
            />
            <Form.Check
              type="switch"
              id="api-is_pinned"
              label="置顶"
              checked={form.is_pinned}
              onChange={(e) => set('is_pinned', e.target.checked)}
            />
            <Form.Check
              type="switch"
              id="api-is_paid"
              label="付费"
              checked={form.is_paid}
              onChange={(e) => set('is_paid', e.target.checked)}
            />
            <Form.Group controlId="api-price_per_call" style={{ width: '12rem' }}>
              <Form.Label>每次调用价格（元）</Form.Label>
              <Form.Control
                type="number"
                min={0}
                step={0.001}
                disabled={!form.is_paid}
                value={form.price_per_call}
                onChange={(e) => set('price_per_call', e.target.value)}
              />
            </Form.Group>
          </div>
        </Card.Body>
      </Card>

      <Card className="mb-4">
        <Card.Header>参数与状态码</Card.Header>
        <Card.Body>
          <ListFieldEditor
            title="请求参数"
            rows={form.request_params}
            blank={{ name: '', type: 'string', required: false, description: '' }}
            columns={[
              { key: 'name', label: '参数名', width: '20%' },
              {
                key: 'type',
                label: '类型',
                kind: 'select',
                options: PARAMETER_TYPES,
                width: '15%',
              },
              { key: 'required', label: '必填', kind: 'checkbox', width: '4rem' },
              { key: 'description', label: '说明' },
            ]}
            onChange={(rows) => set('request_params', rows)}
          />
          <ListFieldEditor
            title="返回参数"
            rows={form.response_params}
            blank={{ name: '', type: 'string', description: '' }}
            columns={[
              { key: 'name', label: '字段名', width: '25%' },
              { key: 'type', label: '类型', width: '15%' },
              { key: 'description', label: '说明' },
            ]}
            onChange={(rows) => set('response_params', rows)}
          />
          <ListFieldEditor
            title="状态码"
            rows={form.status_codes}
            blank={{ code: '', description: '' }}
            columns={[
              { key: 'code', label: '状态码', kind: 'number', width: '20%' },
              { key: 'description', label: '说明' },
            ]}
            onChange={(rows) => set('status_codes', rows)}
          />
        </Card.Body>
      </Card>

      <Card className="mb-4">
        <Card.Header>示例</Card.Header>
        <Card.Body>
          {text('php_example', 'PHP 示例', {
            as: 'textarea',
            rows: 6,
            className: 'font-monospace',
          })}
          {text('response_example', '返回示例', {
            as: 'textarea',
            rows: 6,
            className: 'font-monospace',
          })}
        </Card.Body>
      </Card>

      <Card className="mb-4">
        <Card.Header>服务方式（可选）</Card.Header>
        <Card.Body>
          <Row>
            <Col md={4}>{text('handler', '内置处理器')}</Col>
            <Col md={5}>{text('upstream_url', '上游地址 (http/https)')}</Col>
            <Col md={3}>
              {text('upstream_timeout_ms', '上游超时（毫秒）', {
                type: 'number',
                min: 100,
                step: 100,
              })}
            </Col>
          </Row>
        </Card.Body>
      </Card>

      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? '保存中...' : '保存'}
        </Button>
        <Button variant="secondary" onClick={() => void navigate(adminPaths.control)}>
          取消
        </Button>
      </div>
    </Form>
  );
}

/** Create (/admin/create) and edit (/admin/edit/:id) one API. */
export default function ApiEditorPage() {
  const raw = useParams().id;
  const editing = raw !== undefined;
  const id = parseRouteId(raw);
  usePageTitle(editing ? '编辑 API' : '新建 API');
  const { data, error, isLoading } = useAdminApiQuery(editing && id !== null ? id : skipToken);

  let content;
  if (!editing) content = <ApiFormView initial={EMPTY} />;
  else if (id === null) {
    content = (
      <Alert variant="danger" role="alert">
        invalid API ID
      </Alert>
    );
  } else if (error) {
    content = (
      <Alert variant="danger" role="alert">
        {adminErrorText(error, { failed: '获取API数据失败', network: 'request error' })}
      </Alert>
    );
  } else if (isLoading || !data) content = <Loading label="加载中..." />;
  else content = <ApiFormView key={data.data.id} initial={toForm(data.data)} id={id} />;

  return (
    <section>
      <h1 className="h3 mb-3">{editing ? '编辑 API' : '新建 API'}</h1>
      {content}
    </section>
  );
}
