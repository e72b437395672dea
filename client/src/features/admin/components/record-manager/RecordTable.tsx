import { Button, Table } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import StatusBadge from '../StatusBadge';
import type { ColumnDef, Row } from './types';

interface Props<T extends Row> {
  rows: T[];
  columns: ColumnDef<T>[];
  trailing: ColumnDef<T>[];
  withStatus: boolean;
  empty: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

/** The records, one row each: ID, the screen's columns, 状态 where records have one, actions. */
export default function RecordTable<T extends Row>(props: Props<T>) {
  const { rows, withStatus } = props;
  const span = props.columns.length + props.trailing.length + (withStatus ? 3 : 2);
  const cells = (list: ColumnDef<T>[], row: T) =>
    list.map((c) => (
      <td key={c.label} data-label={c.label}>
        {c.render(row)}
      </td>
    ));
  const heads = (list: ColumnDef<T>[]) => list.map((c) => <th key={c.label}>{c.label}</th>);

  return (
    <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
      <thead>
        <tr>
          <th>ID</th>
          {heads(props.columns)}
          {withStatus && <th>{COMMON.status}</th>}
          {heads(props.trailing)}
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={span} className="text-center text-muted">
              {props.empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id}>
              <td data-label="ID">{row.id}</td>
              {cells(props.columns, row)}
              {withStatus && (
                <td data-label={COMMON.status}>
                  <StatusBadge status={row.status ?? 0} />
                </td>
              )}
              {cells(props.trailing, row)}
              <td data-label={COMMON.actions} className="text-nowrap">
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="me-2"
                  onClick={() => props.onEdit(row)}
                >
                  {COMMON.edit}
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => props.onDelete(row)}>
                  {COMMON.delete}
                </Button>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
