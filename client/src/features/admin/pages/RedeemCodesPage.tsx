import type { CreateRedeemBatchBody, RedeemBatchView } from '@contracts/redeem';
import { MAX_BATCH_CODES, MAX_CODE_USES, MAX_CODE_VALUE_MILLI } from '@contracts/redeem';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatYuan } from '../../../lib/money';
import {
  redeemBatchCsvUrl,
  useCreateRedeemBatchMutation,
  useDisableRedeemBatchMutation,
  useRedeemBatchesQuery,
} from '../api';
import AdminPagination from '../components/AdminPagination';
import { useConfirm } from '../components/useConfirm';
import { adminErrorText, formatTime, outcomeNotice, type Notice } from '../errors';
import { refusedField } from '../../../lib/api';
import { invalidMarks } from '../../../components/ui/invalidMarks';

type Field = 'name' | 'value' | 'count' | 'uses_per_code' | 'per_user_limit' | 'expires_at';

const FIELD_TEXTS: Record<Field, string> = {
  name: '请填写批次名称（不超过 100 个字符）',
  value: '面值须为大于 0 的金额，最多三位小数，不超过 100000 元',
  count: `数量须为 1 到 ${MAX_BATCH_CODES} 之间的整数`,
  uses_per_code: `每码可用次数须为 1 到 ${MAX_CODE_USES} 之间的整数`,
  per_user_limit: `每人限兑须为 1 到 ${MAX_BATCH_CODES} 之间的整数`,
  expires_at: '过期时间须晚于现在',
};

const EMPTY = {
  name: '',
  value: '',
  count: '100',
  uses_per_code: '1',
  per_user_limit: '1',
  expires_at: '',
};

const whole = (text: string, max: number) => /^\d+$/.test(text) && +text >= 1 && +text <= max;

/** The fields the form can tell wrong before asking the server. */
function check(form: typeof EMPTY): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.name.trim() || form.name.trim().length > 100) errors.name = FIELD_TEXTS.name;
  const value = form.value.trim();
  if (
    !/^\d{1,6}(\.\d{1,3})?$/.test(value) ||
    !(+value > 0) ||
    +value * 1000 > MAX_CODE_VALUE_MILLI
  ) {
    errors.value = FIELD_TEXTS.value;
  }
  if (!whole(form.count, MAX_BATCH_CODES)) errors.count = FIELD_TEXTS.count;
  if (!whole(form.uses_per_code, MAX_CODE_USES)) errors.uses_per_code = FIELD_TEXTS.uses_per_code;
  if (!whole(form.per_user_limit, MAX_BATCH_CODES)) {
    errors.per_user_limit = FIELD_TEXTS.per_user_limit;
  }
  if (form.expires_at && !(new Date(form.expires_at).getTime() > Date.now())) {
    errors.expires_at = FIELD_TEXTS.expires_at;
  }
  return errors;
}

function stateOf(batch: RedeemBatchView): { text: string; bg: string } {
  if (batch.disabled_at) return { text: '已停用', bg: 'secondary' };
  if (batch.expires_at && Date.parse(batch.expires_at) <= Date.now()) {
    return { text: '已过期', bg: 'secondary' };
  }
  return { text: '可用', bg: 'success' };
}

/** 生成兑换码: the batch's terms, each mistake shown at its field. */
function CreateBatchCard({ onCreated }: { onCreated: (batch: RedeemBatchView) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateRedeemBatchMutation();

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`redeem-batch-${first}`)?.focus();
      return;
    }
    const body: CreateRedeemBatchBody = {
      name: form.name.trim(),
      kind: 'cash',
      value: form.value.trim(),
      count: +form.count,
      uses_per_code: +form.uses_per_code,
      per_user_limit: +form.per_user_limit,
      expires_at: form.expires_at ? new Date(form.expires_at).toISOString() : null,
    };
    const result = await create(body);
    if ('error' in result) {
      const field = refusedField(result.error) as Field | undefined;
      const text = adminErrorText(result.error, { failed: '生成失败', fields: FIELD_TEXTS });
      if (field && field in FIELD_TEXTS) {
        setErrors({ [field]: text });
        document.getElementById(`redeem-batch-${field}`)?.focus();
      } else {
        setFailure(text);
      }
      return;
    }
    setForm(EMPTY);
    onCreated(result.data.data);
  };

  const control = (field: Field, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group controlId={`redeem-batch-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={form[field]}
        onChange={set(field)}
        {...invalidMarks(errors[field] && `redeem-batch-${field}-error`)}
        {...props}
      />
      <Form.Control.Feedback type="invalid" id={`redeem-batch-${field}-error`}>
        {errors[field]}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          生成兑换码
        </Card.Title>
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Row className="g-3">
            <Col md={6} lg={4}>
              {control('name', '批次名称', { placeholder: '如：双十一充值卡', maxLength: 100 })}
            </Col>
            <Col sm={6} md={3} lg={2}>
              {control('value', '面值（元）', { inputMode: 'decimal', placeholder: '10' })}
            </Col>
            <Col sm={6} md={3} lg={2}>
              {control('count', '数量', { inputMode: 'numeric' })}
            </Col>
            <Col sm={6} md={4} lg={2}>
              {control('uses_per_code', '每码可用次数', { inputMode: 'numeric' })}
            </Col>
            <Col sm={6} md={4} lg={2}>
              {control('per_user_limit', '每人限兑', { inputMode: 'numeric' })}
            </Col>
            <Col md={4} lg={4}>
              {control('expires_at', '过期时间（可不填）', { type: 'datetime-local' })}
            </Col>
          </Row>
          <Form.Text as="p" className="mt-2">
            面值以现金计入用户余额。每码可用次数为 1 时是一次性兑换码；大于 1
            时同一个码可由多位用户各兑换一次。每人限兑是一位用户最多可兑换本批次的码数。
          </Form.Text>
          <Button type="submit" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            生成
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** 兑换码: batches of codes sold through card shops or handed out; each redemption is cash. */
export default function RedeemCodesPage() {
  usePageTitle('兑换码');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching } = useRedeemBatchesQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const [disable] = useDisableRedeemBatchMutation();
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [created, setCreated] = useState<RedeemBatchView | null>(null);
  const list = data?.data;
  const batches = list?.batches ?? [];

  const onDisable = async (batch: RedeemBatchView) => {
    const question = `停用后「${batch.name}」的兑换码都不能再兑换，且不能恢复。确定停用吗？`;
    if (!(await confirm(question, '停用'))) return;
    setCreated(null);
    setNotice(outcomeNotice(await disable(batch.id), { failed: '停用失败' }, '批次已停用'));
  };

  return (
    <section>
      <h1 className="h3 mb-2">兑换码</h1>
      <p className="text-body-secondary">
        生成一批兑换码后导出 CSV
        发放或上架发卡平台；用户在充值中心输入兑换码，面值计入余额，每个码只按设定次数兑换。
      </p>
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      {created && (
        <div className="alert alert-success" role="status">
          已生成 {created.count} 个兑换码（{created.name}）。
          <a className="alert-link ms-1" href={redeemBatchCsvUrl(created.id)} download>
            下载 CSV
          </a>
        </div>
      )}
      <CreateBatchCard
        onCreated={(batch) => {
          setNotice(null);
          setCreated(batch);
          setPage(1);
        }}
      />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: '获取兑换码批次失败' })}
        </div>
      ) : isLoading || !list ? (
        <Loading label="加载中..." />
      ) : (
        <>
          <Table
            striped
            bordered
            hover
            className="bg-body align-middle admin-cards"
            aria-label="兑换码批次"
          >
            <thead>
              <tr>
                <th>批次名称</th>
                <th>面值</th>
                <th className="text-nowrap">数量</th>
                <th>已兑换</th>
                <th>每码次数 / 每人限兑</th>
                <th>过期时间</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {batches.length === 0 ? (
                <tr>
                  <td colSpan={8} className="text-center text-muted">
                    还没有兑换码批次。
                  </td>
                </tr>
              ) : (
                batches.map((batch) => {
                  const state = stateOf(batch);
                  return (
                    <tr key={batch.id}>
                      <td data-label="批次名称" className="admin-break">
                        <div>
                          {batch.name}
                          <div className="small text-body-secondary">
                            {formatTime(batch.created_at)}
                          </div>
                        </div>
                      </td>
                      <td data-label="面值">{formatYuan(batch.value)}</td>
                      <td data-label="数量">{batch.count}</td>
                      <td data-label="已兑换" className="text-nowrap">
                        {batch.redeemed} 次，{formatYuan(batch.redeemed_amount)}
                      </td>
                      <td data-label="每码次数 / 每人限兑">
                        {batch.uses_per_code} / {batch.per_user_limit}
                      </td>
                      <td data-label="过期时间" className="text-nowrap">
                        {batch.expires_at ? formatTime(batch.expires_at) : '永不过期'}
                      </td>
                      <td data-label="状态">
                        <Badge bg={state.bg}>{state.text}</Badge>
                      </td>
                      <td data-label="操作">
                        <div className="d-flex gap-2">
                          <a
                            className="btn btn-sm btn-outline-primary text-nowrap"
                            href={redeemBatchCsvUrl(batch.id)}
                            download
                          >
                            导出 CSV
                          </a>
                          {!batch.disabled_at && (
                            <Button
                              size="sm"
                              variant="outline-danger"
                              className="text-nowrap"
                              onClick={() => void onDisable(batch)}
                            >
                              停用
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </Table>
          {isFetching && <Loading label="加载中..." />}
          <AdminPagination page={page} totalPages={list.total_pages} onChange={setPage} />
          <p className="text-muted mt-3 mb-0">共 {list.total} 个批次</p>
        </>
      )}
      {dialog}
    </section>
  );
}
