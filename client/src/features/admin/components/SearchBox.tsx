import { Button, Form, InputGroup } from 'react-bootstrap';
import { CONTENT } from '../i18n/content';

interface Props {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  /** Shows a clear button while there is text. */
  clearable?: boolean;
}

export default function SearchBox({ value, placeholder, onChange, clearable }: Props) {
  return (
    <InputGroup className="mb-3" style={{ maxWidth: '28rem' }}>
      <Form.Control
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {clearable && value && (
        <Button variant="outline-secondary" onClick={() => onChange('')}>
          {CONTENT.clearSearch}
        </Button>
      )}
    </InputGroup>
  );
}
