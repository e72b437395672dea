import { REDEEM_KINDS } from '@contracts/redeem';
import type { RedeemBatchView } from '@contracts/redeem';
import { Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import { REDEEM } from '../../i18n/redeem';
import type { Field } from './batchForm';
import PlanSelect from './PlanSelect';
import { useCreateBatch } from './useCreateBatch';

/** 生成兑换码: the batch's terms, each mistake shown at its field. */
export default function CreateBatchCard({
  onCreated,
}: {
  onCreated: (batch: RedeemBatchView) => void;
}) {
  const { form, errors, failure, isLoading, set, setKind, submit } = useCreateBatch(onCreated);

  const control = (
    field: Exclude<Field, 'kind'>,
    label: string,
    props: Record<string, unknown> = {},
  ) => (
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
          {REDEEM.form.title}
        </Card.Title>
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Row className="g-3">
            <Col md={6} lg={4}>
              {control('name', REDEEM.form.name, {
                placeholder: REDEEM.form.namePlaceholder,
                maxLength: 100,
              })}
            </Col>
            <Col sm={6} md={3} lg={2}>
              <Form.Group controlId="redeem-batch-kind">
                <Form.Label>{REDEEM.form.kind}</Form.Label>
                <Form.Select
                  value={form.kind}
                  onChange={(e) => setKind(e.target.value as typeof form.kind)}
                  {...invalidMarks(errors.kind && 'redeem-batch-kind-error')}
                >
                  {REDEEM_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {REDEEM.kinds[kind]}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid" id="redeem-batch-kind-error">
                  {errors.kind}
                </Form.Control.Feedback>
              </Form.Group>
            </Col>
            {form.kind === 'plan' ? (
              <Col sm={6} md={4} lg={3}>
                <PlanSelect value={form.plan_id} onChange={set('plan_id')} error={errors.plan_id} />
              </Col>
            ) : (
              <Col sm={6} md={3} lg={2}>
                {control('value', REDEEM.form.value, { inputMode: 'decimal', placeholder: '10' })}
              </Col>
            )}
            {form.kind === 'credit' && (
              <Col sm={6} md={3} lg={2}>
                {control('credit_days', REDEEM.form.creditDays, { inputMode: 'numeric' })}
              </Col>
            )}
            <Col sm={6} md={3} lg={2}>
              {control('count', REDEEM.form.count, { inputMode: 'numeric' })}
            </Col>
            <Col sm={6} md={4} lg={2}>
              {control('uses_per_code', REDEEM.form.usesPerCode, { inputMode: 'numeric' })}
            </Col>
            <Col sm={6} md={4} lg={2}>
              {control('per_user_limit', REDEEM.form.perUserLimit, { inputMode: 'numeric' })}
            </Col>
            <Col md={4} lg={4}>
              {control('expires_at', REDEEM.form.expiresAt, { type: 'datetime-local' })}
            </Col>
          </Row>
          <Form.Text as="p" className="mt-2">
            {REDEEM.form.help}
          </Form.Text>
          <Button type="submit" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {REDEEM.form.submit}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
