import { REQUEST_METHODS, type RequestMethod } from '@contracts/apis';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import { FieldError } from './FieldError';
import { invalidProps } from './fields';
import type { SectionProps } from './model';
import PricingFields from './PricingFields';
import TextField from './TextField';

const { basic } = APIS.editor;

/** The one-line texts after the names, each in half a row. */
const LINE_FIELDS = [
  { key: 'title_en', label: basic.titleEn },
  { key: 'endpoint', label: basic.endpoint },
  { key: 'example_url', label: basic.exampleUrl },
  { key: 'response_format', label: basic.responseFormat },
] as const;

/** Names, endpoint, descriptions, method, flags, price and free quota. */
export default function BasicInfoSection({
  form,
  set,
  errors = {},
  onNameEn,
}: SectionProps & { onNameEn: (value: string) => void }) {
  return (
    <Card className="mb-4">
      <Card.Header>{basic.title}</Card.Header>
      <Card.Body>
        <Row>
          <Col md={6}>
            <TextField
              id="name"
              label={basic.name}
              value={form.name}
              error={errors.name}
              onChange={(v) => set('name', v)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="name_en"
              label={basic.nameEn}
              value={form.name_en}
              error={errors.name_en}
              onChange={onNameEn}
            />
          </Col>
          {LINE_FIELDS.map(({ key, label }) => (
            <Col md={6} key={key}>
              <TextField
                id={key}
                error={errors[key]}
                label={label}
                value={form[key]}
                onChange={(v) => set(key, v)}
              />
            </Col>
          ))}
          <Col md={6}>
            <Form.Group className="mb-3" controlId="api-request_method">
              <Form.Label>{basic.requestMethod}</Form.Label>
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
              label={COMMON.description}
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
              label={basic.descriptionEn}
              as="textarea"
              rows={3}
              value={form.description_en}
              onChange={(v) => set('description_en', v)}
            />
          </Col>
        </Row>
        <PricingFields form={form} set={set} errors={errors} />
      </Card.Body>
    </Card>
  );
}
