import { Card, Col, Row } from 'react-bootstrap';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';
import type { SectionProps } from './model';
import PricingFields from './PricingFields';
import RequestFields from './RequestFields';
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
          <RequestFields form={form} set={set} errors={errors} />
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
