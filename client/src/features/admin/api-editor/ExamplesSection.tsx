import { Card } from 'react-bootstrap';
import { APIS } from '../i18n/apis';
import type { SectionProps } from './model';
import TextField from './TextField';

const { examples } = APIS.editor;

/** The PHP call and the response the API page shows as examples. */
export default function ExamplesSection({ form, set, errors = {} }: SectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header>{examples.title}</Card.Header>
      <Card.Body>
        <TextField
          id="php_example"
          error={errors.php_example}
          label={examples.php}
          as="textarea"
          rows={6}
          className="font-monospace"
          value={form.php_example}
          onChange={(v) => set('php_example', v)}
        />
        <TextField
          id="response_example"
          error={errors.response_example}
          label={examples.response}
          as="textarea"
          rows={6}
          className="font-monospace"
          value={form.response_example}
          onChange={(v) => set('response_example', v)}
        />
      </Card.Body>
    </Card>
  );
}
