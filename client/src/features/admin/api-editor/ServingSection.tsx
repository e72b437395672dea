import { UPSTREAM_TIMEOUT_MS } from '@contracts/apis';
import { Card, Col, Row } from 'react-bootstrap';
import type { SectionProps } from './model';
import TextField from './TextField';

/** How the gateway serves the API: a built-in handler or an upstream URL (one is needed to enable it). */
export default function ServingSection({ form, set, errors = {} }: SectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header>服务方式（启用前须填写其一）</Card.Header>
      <Card.Body>
        <Row>
          <Col md={4}>
            <TextField
              id="handler"
              error={errors.handler}
              label="内置处理器"
              value={form.handler}
              onChange={(v) => set('handler', v)}
            />
          </Col>
          <Col md={5}>
            <TextField
              id="upstream_url"
              label="上游地址 (http/https)"
              value={form.upstream_url}
              error={errors.upstream_url}
              help="路径参数写作 {名称}，各占一整段路径，如 …/pets/{petId}；调用时用同名查询参数或 /apis/英文名/值 传入"
              onChange={(v) => set('upstream_url', v)}
            />
          </Col>
          <Col md={3}>
            <TextField
              id="upstream_timeout_ms"
              error={errors.upstream_timeout_ms}
              label="上游超时（毫秒）"
              type="number"
              min={UPSTREAM_TIMEOUT_MS.min}
              step={100}
              value={form.upstream_timeout_ms}
              onChange={(v) => set('upstream_timeout_ms', v)}
            />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
