import { REQUEST_METHODS, type QuotaPeriod, type RequestMethod } from '@contracts/apis';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { FieldError, FieldText } from './FieldError';
import { invalidProps } from './fields';
import type { SectionProps } from './model';
import TextField from './TextField';

/** Names, endpoint, descriptions, method, flags, price and free quota. */
export default function BasicInfoSection({
  form,
  set,
  errors = {},
  onNameEn,
}: SectionProps & { onNameEn: (value: string) => void }) {
  return (
    <Card className="mb-4">
      <Card.Header>基本信息</Card.Header>
      <Card.Body>
        <Row>
          <Col md={6}>
            <TextField
              id="name"
              label="API 名称"
              value={form.name}
              error={errors.name}
              onChange={(v) => set('name', v)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="name_en"
              label="英文名"
              value={form.name_en}
              error={errors.name_en}
              onChange={onNameEn}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="title_en"
              error={errors.title_en}
              label="英文标题（英文站点显示）"
              value={form.title_en}
              onChange={(v) => set('title_en', v)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="endpoint"
              error={errors.endpoint}
              label="Endpoint"
              value={form.endpoint}
              onChange={(v) => set('endpoint', v)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="example_url"
              error={errors.example_url}
              label="示例 URL"
              value={form.example_url}
              onChange={(v) => set('example_url', v)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="response_format"
              error={errors.response_format}
              label="返回格式"
              value={form.response_format}
              onChange={(v) => set('response_format', v)}
            />
          </Col>
          <Col md={6}>
            <Form.Group className="mb-3" controlId="api-request_method">
              <Form.Label>请求方法</Form.Label>
              <Form.Select
                {...invalidProps('request_method', errors.request_method)}
                value={form.request_method}
                onChange={(e) => set('request_method', e.target.value as RequestMethod)}
              >
                {REQUEST_METHODS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </Form.Select>
              <FieldError field="request_method" errors={errors} />
            </Form.Group>
          </Col>
          <Col md={6}>
            <TextField
              id="description"
              error={errors.description}
              label="描述"
              as="textarea"
              rows={3}
              value={form.description}
              onChange={(v) => set('description', v)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="description_en"
              error={errors.description_en}
              label="英文描述"
              as="textarea"
              rows={3}
              value={form.description_en}
              onChange={(v) => set('description_en', v)}
            />
          </Col>
        </Row>
        <div className="d-flex flex-wrap gap-4 align-items-end">
          <Form.Check
            type="switch"
            id="api-status"
            label="启用"
            {...invalidProps('status', errors.status)}
            feedback={<FieldText field="status" errors={errors} />}
            feedbackType="invalid"
            checked={form.status}
            onChange={(e) => set('status', e.target.checked)}
          />
          <Form.Check
            type="switch"
            id="api-is_pinned"
            label="置顶"
            {...invalidProps('is_pinned', errors.is_pinned)}
            feedback={<FieldText field="is_pinned" errors={errors} />}
            feedbackType="invalid"
            checked={form.is_pinned}
            onChange={(e) => set('is_pinned', e.target.checked)}
          />
          <Form.Check
            type="switch"
            id="api-is_paid"
            label="付费"
            {...invalidProps('is_paid', errors.is_paid)}
            feedback={<FieldText field="is_paid" errors={errors} />}
            feedbackType="invalid"
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
              {...invalidProps('price_per_call', errors.price_per_call)}
              onChange={(e) => set('price_per_call', e.target.value)}
            />
            <FieldError field="price_per_call" errors={errors} />
          </Form.Group>
          <Form.Group controlId="api-free_quota_calls" style={{ width: '12rem' }}>
            <Form.Label>每位用户免费次数</Form.Label>
            <Form.Control
              type="number"
              min={0}
              step={1}
              disabled={!form.is_paid}
              value={form.free_quota_calls}
              {...invalidProps('free_quota_calls', errors.free_quota_calls, 'api-free_quota-help')}
              onChange={(e) => set('free_quota_calls', e.target.value)}
            />
            <FieldError field="free_quota_calls" errors={errors} />
          </Form.Group>
          <Form.Group controlId="api-free_quota_period" style={{ width: '8rem' }}>
            <Form.Label>免费周期</Form.Label>
            <Form.Select
              disabled={!form.is_paid}
              value={form.free_quota_period}
              {...invalidProps('free_quota_period', errors.free_quota_period)}
              onChange={(e) => set('free_quota_period', e.target.value as QuotaPeriod)}
            >
              <option value="day">每天</option>
              <option value="month">每月</option>
            </Form.Select>
            <FieldError field="free_quota_period" errors={errors} />
          </Form.Group>
          <Form.Text id="api-free_quota-help" className="w-100 mt-0">
            付费接口每位用户每天或每月先免费调用这么多次，用完后按价格从余额扣费（0
            为不免费）；周期按网站时区的零点重置。
          </Form.Text>
        </div>
      </Card.Body>
    </Card>
  );
}
