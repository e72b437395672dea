import {
  REQUEST_FORMATS,
  REQUEST_METHODS,
  takesBody,
  type RequestFormat,
  type RequestMethod,
} from '@contracts/apis';
import { Col, Form } from 'react-bootstrap';
import { APIS } from '../i18n/apis';
import { FieldError } from './FieldError';
import { invalidProps } from './fields';
import type { SectionProps } from './model';

const { basic } = APIS.editor;
const HELP_ID = 'api-request_format-help';

/**
 * The request method and how its body is sent. GET and DELETE take no body: choosing one puts
 * the format back to JSON and locks it (unless the server refused it, so it can still be fixed).
 */
export default function RequestFields({ form, set, errors = {} }: SectionProps) {
  const withBody = takesBody(form.request_method);
  const setMethod = (method: RequestMethod) => {
    set('request_method', method);
    if (!takesBody(method) && form.request_format !== 'application/json') {
      set('request_format', 'application/json');
    }
  };
  return (
    <>
      <Col md={6}>
        <Form.Group className="mb-3" controlId="api-request_method">
          <Form.Label>{basic.requestMethod}</Form.Label>
          <Form.Select
            {...invalidProps('request_method', errors.request_method)}
            value={form.request_method}
            onChange={(e) => setMethod(e.target.value as RequestMethod)}
          >
            {REQUEST_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Form.Select>
          <FieldError field="request_method" errors={errors} />
        </Form.Group>
      </Col>
      <Col md={6}>
        <Form.Group className="mb-3" controlId="api-request_format">
          <Form.Label>{basic.requestFormat}</Form.Label>
          <Form.Select
            {...invalidProps('request_format', errors.request_format, HELP_ID)}
            value={form.request_format}
            disabled={!withBody && errors.request_format === undefined}
            onChange={(e) => set('request_format', e.target.value as RequestFormat)}
          >
            {REQUEST_FORMATS.map((format) => (
              <option key={format} value={format}>
                {basic.requestFormats[format]}
              </option>
            ))}
          </Form.Select>
          <FieldError field="request_format" errors={errors} />
          <Form.Text id={HELP_ID}>{basic.requestFormatHelp}</Form.Text>
        </Form.Group>
      </Col>
    </>
  );
}
