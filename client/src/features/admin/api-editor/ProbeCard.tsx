import { PROBE_LIMITS, PROBE_METHODS } from '@contracts/health';
import type { ApiProbeView, ProbeMethod, SaveProbeBody } from '@contracts/health';
import type { AdminApi } from '@contracts/apis';
import { samplesFromExampleUrl } from '@contracts/request-examples';
import { useState, type FormEvent } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import {
  useApiProbeQuery,
  useDeleteApiProbeMutation,
  useRunApiProbeMutation,
  useSaveApiProbeMutation,
} from '../api';
import { useConfirm } from '../components/useConfirm';
import { malformedField } from '../../../lib/api';
import { adminErrorText, formatTime, outcomeNotice } from '../errors';
import type { Notice } from '../errors';
import TextField from './TextField';

const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** The probe's fields as typed (numbers as text until they are checked). */
interface ProbeForm {
  enabled: boolean;
  method: ProbeMethod;
  query: string;
  body: string;
  expected_status: string;
  interval_s: string;
  timeout_ms: string;
}

type NumberField = 'expected_status' | 'interval_s' | 'timeout_ms';

const RANGES: Record<NumberField, [number, number, string]> = {
  expected_status: [100, 599, '期望状态码须为 100 到 599 之间的整数'],
  interval_s: [
    PROBE_LIMITS.intervalMin,
    PROBE_LIMITS.intervalMax,
    `间隔须为 ${PROBE_LIMITS.intervalMin} 到 ${PROBE_LIMITS.intervalMax} 之间的整数（秒）`,
  ],
  timeout_ms: [
    PROBE_LIMITS.timeoutMin,
    PROBE_LIMITS.timeoutMax,
    `超时须为 ${PROBE_LIMITS.timeoutMin} 到 ${PROBE_LIMITS.timeoutMax} 之间的整数（毫秒）`,
  ],
};

const FIELD_TEXTS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(RANGES).map(([field, [, , text]]) => [field, text])),
  method: '请求方式无效',
  query: `查询参数过长（最多 ${PROBE_LIMITS.queryMax} 个字符）`,
  body: '请求体须为 JSON，且只有 POST、PUT、PATCH 可带请求体',
};

/** A new probe starts from the API itself: its method, its example's query, a 200 each minute. */
function formFrom(probe: ApiProbeView | null, api: AdminApi): ProbeForm {
  if (probe) {
    return {
      enabled: probe.enabled === 1,
      method: probe.method,
      query: probe.query,
      body: probe.body ?? '',
      expected_status: String(probe.expected_status),
      interval_s: String(probe.interval_s),
      timeout_ms: String(probe.timeout_ms),
    };
  }
  const at = api.example_url.indexOf('?');
  const query = at < 0 ? '' : api.example_url.slice(at + 1);
  const body = BODY_METHODS.has(api.request_method);
  return {
    enabled: true,
    method: api.request_method,
    query: body ? '' : query,
    body: body ? JSON.stringify(samplesFromExampleUrl(api.example_url)) : '',
    expected_status: '200',
    interval_s: '60',
    timeout_ms: String(Math.min(api.upstream_timeout_ms, PROBE_LIMITS.timeoutMax)),
  };
}

/** The first field the server would refuse, checked here first. */
function problemOf(form: ProbeForm): { field: string; text: string } | null {
  for (const [field, [min, max, text]] of Object.entries(RANGES) as [
    NumberField,
    [number, number, string],
  ][]) {
    const value = form[field].trim();
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      return { field, text };
    }
  }
  const body = form.body.trim();
  if (body) {
    if (!BODY_METHODS.has(form.method)) return { field: 'body', text: FIELD_TEXTS.body };
    try {
      JSON.parse(body);
    } catch {
      return { field: 'body', text: '请求体不是有效的 JSON' };
    }
  }
  return null;
}

function LastRun({ probe }: { probe: ApiProbeView }) {
  if (!probe.last_run_at)
    return <p className="text-muted small mb-3">尚未运行，将在一分钟内首次探测。</p>;
  const passed = probe.last_error === '';
  return (
    <p className="small mb-3" role="status">
      <span className={passed ? 'badge text-bg-success me-2' : 'badge text-bg-danger me-2'}>
        {passed ? '通过' : '失败'}
      </span>
      上次探测 {formatTime(probe.last_run_at)} · 状态码 {probe.last_status || '无响应'} ·{' '}
      {probe.last_ms} 毫秒
      {passed
        ? ` · 连续通过 ${probe.consecutive_passes} 次`
        : ` · 连续失败 ${probe.consecutive_failures} 次：${probe.last_error}`}
    </p>
  );
}

function ProbeEditor({
  api,
  probe,
  setNotice,
}: {
  api: AdminApi;
  probe: ApiProbeView | null;
  /** The card's banner: it outlives the editor, which starts afresh once the probe is removed. */
  setNotice: (notice: Notice | null) => void;
}) {
  const [form, setForm] = useState(() => formFrom(probe, api));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveApiProbeMutation();
  const [run, running] = useRunApiProbeMutation();
  const [remove, removing] = useDeleteApiProbeMutation();
  const { confirm, dialog } = useConfirm();
  const set = <K extends keyof ProbeForm>(key: K, value: ProbeForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)));
  };
  const focus = (field: string) => document.getElementById(`api-probe-${field}`)?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(form);
    if (problem) {
      setNotice(null);
      setErrors({ [problem.field]: problem.text });
      focus(problem.field);
      return;
    }
    const body: SaveProbeBody = {
      id: api.id,
      enabled: form.enabled ? 1 : 0,
      method: form.method,
      query: form.query.trim(),
      body: form.body.trim() || null,
      expected_status: Number(form.expected_status),
      interval_s: Number(form.interval_s),
      timeout_ms: Number(form.timeout_ms),
    };
    const result = await save(body);
    const field = 'error' in result ? malformedField(result.error) : undefined;
    if (field && 'error' in result) {
      setNotice(null);
      setErrors({
        [field]: adminErrorText(result.error, { failed: '保存失败', fields: FIELD_TEXTS }),
      });
      focus(field);
      return;
    }
    setNotice(outcomeNotice(result, { failed: '保存失败' }, '探测已保存'));
  };

  const onRun = async () => {
    const result = await run(api.id);
    setNotice(
      'error' in result
        ? { ok: false, text: adminErrorText(result.error, { failed: '探测失败' }) }
        : result.data.data.last_error
          ? { ok: false, text: `探测未通过：${result.data.data.last_error}` }
          : { ok: true, text: `探测通过：状态码 ${result.data.data.last_status}` },
    );
  };

  const onRemove = async () => {
    if (!(await confirm(`确定要删除「${api.name}」的探测吗？`, '删除'))) return;
    const result = await remove(api.id);
    setNotice(outcomeNotice(result, { failed: '删除失败' }, '探测已删除'));
  };

  const number = (field: NumberField, label: string, min: number, max: number) => (
    <TextField
      id={`probe-${field}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={form[field]}
      error={errors[field]}
      onChange={(value) => set(field, value)}
    />
  );

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="probe-title">
      {probe && <LastRun probe={probe} />}
      <Form.Check
        type="switch"
        id="api-probe-enabled"
        className="mb-3"
        label="启用探测"
        checked={form.enabled}
        onChange={(e) => set('enabled', e.target.checked)}
      />
      <Row>
        <Col sm={3}>
          <Form.Group className="mb-3" controlId="api-probe-method">
            <Form.Label>请求方式</Form.Label>
            <Form.Select
              value={form.method}
              onChange={(e) => set('method', e.target.value as ProbeMethod)}
            >
              {PROBE_METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={9}>
          <TextField
            id="probe-query"
            label="查询参数"
            placeholder="ip=8.8.8.8"
            maxLength={PROBE_LIMITS.queryMax}
            value={form.query}
            error={errors.query}
            help="不带 ?，如 a=1&b=2；不需要 API 密钥，探测不扣费"
            onChange={(value) => set('query', value)}
          />
        </Col>
      </Row>
      {BODY_METHODS.has(form.method) && (
        <TextField
          id="probe-body"
          label="请求体（JSON）"
          as="textarea"
          rows={3}
          className="font-monospace"
          maxLength={PROBE_LIMITS.bodyMax}
          value={form.body}
          error={errors.body}
          onChange={(value) => set('body', value)}
        />
      )}
      <Row>
        <Col sm={4}>{number('expected_status', '期望状态码', 100, 599)}</Col>
        <Col sm={4}>
          {number('interval_s', '间隔（秒）', PROBE_LIMITS.intervalMin, PROBE_LIMITS.intervalMax)}
        </Col>
        <Col sm={4}>
          {number('timeout_ms', '超时（毫秒）', PROBE_LIMITS.timeoutMin, PROBE_LIMITS.timeoutMax)}
        </Col>
      </Row>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? '保存中...' : '保存探测'}
        </Button>
        {probe && (
          <>
            <Button
              variant="outline-secondary"
              disabled={running.isLoading}
              onClick={() => void onRun()}
            >
              {running.isLoading ? '探测中...' : '立即探测'}
            </Button>
            <Button
              variant="outline-danger"
              disabled={removing.isLoading}
              onClick={() => void onRemove()}
            >
              删除探测
            </Button>
          </>
        )}
      </div>
      {dialog}
    </Form>
  );
}

/**
 * The API's active probe: a call Portico makes on a schedule to tell whether the API works
 * (docs/api-health.md), saved apart from the API's own form.
 */
export default function ProbeCard({ api }: { api: AdminApi }) {
  const { data, error, isLoading } = useApiProbeQuery(api.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  let content;
  if (error) {
    content = (
      <div className="alert alert-danger mb-0" role="alert">
        {adminErrorText(error, { failed: '获取探测设置失败' })}
      </div>
    );
  } else if (isLoading || !data) content = <Loading label="加载中..." />;
  else {
    content = (
      <ProbeEditor
        key={data.data ? `${data.data.api_id}-saved` : 'new'}
        api={api}
        probe={data.data}
        setNotice={setNotice}
      />
    );
  }
  return (
    <Card className="mt-4">
      <Card.Header as="h2" className="h6 mb-0" id="probe-title">
        健康探测
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">
          按间隔调用本 API，状态码与期望不同即为失败；连续失败达到网站配置中的次数即判定为不可用。
        </p>
        {api.maintenance && (
          <div className="alert alert-warning" role="status">
            该 API 已自动进入维护：调用返回 503 且不扣费，探测连续通过（次数见网站配置）后自动恢复。
          </div>
        )}
        <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
        {content}
      </Card.Body>
    </Card>
  );
}
