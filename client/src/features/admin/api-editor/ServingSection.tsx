import { UPSTREAM_TIMEOUT_MS } from '@contracts/apis';
import { Card, Col, Row } from 'react-bootstrap';
import { APIS } from '../i18n/apis';
import type { SectionProps } from './model';
import TextField from './TextField';

const { serving } = APIS.editor;

/** How the gateway serves the API: a built-in handler or an upstream URL (one is needed to enable it). */
export default function ServingSection({ form, set, errors = {} }: SectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header>{serving.title}</Card.Header>
      <Card.Body>
        <Row>
          <Col md={4}>
            <TextField
              id="handler"
              error={errors.handler}
              label={serving.handler}
              value={form.handler}
              onChange={(v) => set('handler', v)}
            />
          </Col>
          <Col md={5}>
            <TextField
              id="upstream_url"
              label={serving.upstreamUrl}
              value={form.upstream_url}
              error={errors.upstream_url}
              help={serving.upstreamHelp}
              onChange={(v) => set('upstream_url', v)}
            />
          </Col>
          <Col md={3}>
            <TextField
              id="upstream_timeout_ms"
              error={errors.upstream_timeout_ms}
              label={serving.timeout}
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
