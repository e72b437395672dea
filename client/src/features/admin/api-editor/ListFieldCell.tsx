import { Form } from 'react-bootstrap';
import type { invalidMarks } from '../../../components/ui/invalidMarks';

export interface Column<T> {
  key: keyof T & string;
  label: string;
  /** text (default), a select of options, or a checkbox. */
  kind?: 'text' | 'number' | 'select' | 'checkbox';
  options?: readonly string[];
  /** An option's text where it says more than its value. */
  optionLabels?: Readonly<Record<string, string>>;
  width?: string;
}

/** One cell of a list field's row: its control (text, number, select or checkbox) and problem. */
export default function ListFieldCell<T extends Record<string, unknown>>({
  column,
  value,
  label,
  problem,
  errorId,
  invalid,
  onChange,
}: {
  column: Column<T>;
  value: T[keyof T & string];
  /** The control's name: the list's, the row's number and the column's. */
  label: string;
  problem: string | undefined;
  errorId: string;
  invalid: ReturnType<typeof invalidMarks>;
  onChange: (value: unknown) => void;
}) {
  // A value outside the options (an older row's) stays choosable.
  const options =
    column.options && !column.options.includes(String(value))
      ? [String(value), ...column.options]
      : column.options;
  return (
    <td data-label={column.label}>
      {column.kind === 'checkbox' ? (
        <Form.Check
          aria-label={label}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.target.checked)}
        />
      ) : column.kind === 'select' ? (
        <Form.Select
          size="sm"
          aria-label={label}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          {...invalid}
        >
          {options?.map((o) => (
            <option key={o} value={o}>
              {column.optionLabels?.[o] ?? o}
            </option>
          ))}
        </Form.Select>
      ) : (
        <Form.Control
          size="sm"
          aria-label={label}
          type={column.kind === 'number' ? 'number' : 'text'}
          inputMode={column.kind === 'number' ? 'numeric' : undefined}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
          {...invalid}
        />
      )}
      {problem && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {problem}
        </Form.Control.Feedback>
      )}
    </td>
  );
}
