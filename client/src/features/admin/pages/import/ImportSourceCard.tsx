import type { ChangeEvent, RefObject } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { IMPORT } from '../../i18n/import';

/** The document's three sources, one replacing the others, and the button that previews it. */
export default function ImportSourceCard({
  source,
  file,
  url,
  fileInput,
  parsing,
  busy,
  onType,
  onFile,
  onUrl,
  onPreview,
}: {
  source: string;
  file: File | null;
  url: string;
  fileInput: RefObject<HTMLInputElement | null>;
  /** The preview is being worked out (the button says so). */
  parsing: boolean;
  busy: boolean;
  onType: (text: string) => void;
  onFile: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  onUrl: (text: string) => void;
  onPreview: () => void;
}) {
  return (
    <Card className="mb-4">
      <Card.Body>
        <Form.Group className="mb-3" controlId="openapi-document">
          <Form.Label>{IMPORT.document}</Form.Label>
          <Form.Control
            as="textarea"
            rows={10}
            className="font-monospace"
            spellCheck={false}
            value={source}
            onChange={(e) => onType(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="openapi-file">
          <Form.Label>{IMPORT.file}</Form.Label>
          <Form.Control
            type="file"
            ref={fileInput}
            accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
            onChange={(e) => void onFile(e as ChangeEvent<HTMLInputElement>)}
          />
          {file && (
            <Form.Text as="p" className="mb-0">
              {IMPORT.chosen(file.name, file.size)}
            </Form.Text>
          )}
        </Form.Group>
        <Form.Group className="mb-3" controlId="openapi-url">
          <Form.Label>{IMPORT.url}</Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            placeholder="https://example.com/openapi.json"
            aria-describedby="openapi-url-help"
            value={url}
            onChange={(e) => onUrl(e.target.value)}
          />
          <Form.Text id="openapi-url-help">{IMPORT.urlHelp}</Form.Text>
        </Form.Group>
        <Button disabled={busy} onClick={onPreview}>
          {parsing ? IMPORT.parsing : IMPORT.preview}
        </Button>
      </Card.Body>
    </Card>
  );
}
