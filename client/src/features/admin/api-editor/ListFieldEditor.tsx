import { useId } from 'react';
import { Button, Table } from 'react-bootstrap';
import { invalidMarks } from '../../../components/ui/invalidMarks';
import ListFieldCell, { type Column } from './ListFieldCell';
import { APIS } from '../i18n/apis';
import { COMMON } from '../i18n/common';

const { lists } = APIS.editor;

interface Props<T> {
  title: string;
  rows: T[];
  columns: Column<T>[];
  blank: T;
  onChange: (rows: T[]) => void;
  /** The row's problems by column, shown under the cell as it is typed. */
  check?: (row: T) => Partial<Record<keyof T & string, string>>;
  /** The fieldset's id (what an error summary links to). */
  id?: string;
  /** A refusal of the whole list (the server's); when no row says more, the first row is marked. */
  error?: string;
}

/** Edits one of an API's list fields (request/response parameters, status codes) row by row. */
export default function ListFieldEditor<T extends Record<string, unknown>>({
  title,
  rows,
  columns,
  blank,
  onChange,
  check,
  id,
  error,
}: Props<T>) {
  const idPrefix = useId();
  const rowProblems = rows.map((row) => check?.(row) ?? {});
  // The list's own error only where no row has one to show (the rows' say it at the cell).
  const listError = rowProblems.some((p) => Object.keys(p).length > 0) ? undefined : error;
  const listErrorId = `${id ?? idPrefix}-error`;
  const update = (index: number, key: keyof T, value: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));

  return (
    <fieldset className="mb-4" id={id}>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <legend className="h6 mb-0 w-auto">{title}</legend>
        <Button
          size="sm"
          variant="outline-primary"
          className="text-nowrap"
          onClick={() => onChange([...rows, { ...blank }])}
        >
          {lists.addRow}
        </Button>
      </div>
      {listError !== undefined && (
        <div className="invalid-feedback d-block mb-2" id={listErrorId}>
          {listError}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="text-muted small mb-0">{lists.noRows}</p>
      ) : (
        <Table size="sm" bordered className="bg-body mb-0 admin-cards admin-cards-stacked">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} style={{ width: c.width }}>
                  {c.label}
                </th>
              ))}
              <th style={{ width: '4rem' }} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const problems: Partial<Record<keyof T & string, string>> = rowProblems[index];
              return (
                <tr key={index}>
                  {columns.map((c, column) => {
                    const problem = problems[c.key];
                    const errorId = `${idPrefix}-${index}-${c.key}-error`;
                    const marked = listError !== undefined && index === 0 && column === 0;
                    return (
                      <ListFieldCell
                        key={c.key}
                        column={c}
                        value={row[c.key]}
                        label={`${title} ${index + 1} ${c.label}`}
                        problem={problem}
                        errorId={errorId}
                        invalid={invalidMarks(problem ? errorId : marked && listErrorId)}
                        onChange={(value) => update(index, c.key, value)}
                      />
                    );
                  })}
                  <td data-label={COMMON.actions}>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={lists.deleteRow(title, index + 1)}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    >
                      {COMMON.delete}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </fieldset>
  );
}
