import { Card } from 'react-bootstrap';
import type { SectionProps } from './model';
import TextField from './TextField';

export default function ExamplesSection({ form, set, errors = {} }: SectionProps) {
  return (
    <Card className="mb-4">
      <Card.Header>示例</Card.Header>
      <Card.Body>
        <TextField
          id="php_example"
          error={errors.php_example}
          label="PHP 示例"
          as="textarea"
          rows={6}
          className="font-monospace"
          value={form.php_example}
          onChange={(v) => set('php_example', v)}
        />
        <TextField
          id="response_example"
          error={errors.response_example}
          label="返回示例"
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
