import type { ApiSummary } from '@contracts/apis';
import { Form, Table } from 'react-bootstrap';
import { APIS } from '../../i18n/apis';
import { COMMON } from '../../i18n/common';
import ApiRow from './ApiRow';

const { list } = APIS;

/** The APIs as a table; a phone shows each row as a card. */
export default function ApiTable({
  apis,
  busy,
  filtered,
  selected,
  allSelected,
  onSelectAll,
  onSelect,
  onToggle,
  onDelete,
}: {
  apis: ApiSummary[];
  busy: boolean;
  /** A search or a filter is on: an empty list says nothing matches. */
  filtered: boolean;
  selected: Set<number>;
  allSelected: boolean;
  onSelectAll: () => void;
  onSelect: (id: number) => void;
  onToggle: (api: ApiSummary, key: 'status' | 'is_pinned') => void;
  onDelete: (api: ApiSummary) => void;
}) {
  return (
    // Eleven columns: between a phone's cards and a wide screen the table scrolls sideways
    // in its own box (which the keyboard can scroll too), not the page.
    <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={list.region}>
      <Table
        striped
        bordered
        hover
        className="bg-body align-middle admin-cards mb-0"
        aria-busy={busy}
      >
        <thead>
          <tr className="text-nowrap">
            <th>
              <Form.Check
                aria-label={list.columns.selectAll}
                checked={allSelected}
                onChange={onSelectAll}
              />
            </th>
            <th>ID</th>
            <th>{COMMON.name}</th>
            <th>{list.columns.nameEn}</th>
            <th>{list.columns.method}</th>
            <th>{list.columns.billing}</th>
            <th>{list.columns.pinned}</th>
            <th>{COMMON.status}</th>
            <th>{list.columns.calls}</th>
            <th>{list.columns.health}</th>
            <th>{COMMON.actions}</th>
          </tr>
        </thead>
        <tbody>
          {apis.length === 0 ? (
            <tr>
              <td colSpan={11} className="text-center text-muted">
                {filtered ? list.noMatch : list.empty}
              </td>
            </tr>
          ) : (
            apis.map((api) => (
              <ApiRow
                key={api.id}
                api={api}
                selected={selected.has(api.id)}
                onSelect={() => onSelect(api.id)}
                onToggle={(key) => onToggle(api, key)}
                onDelete={() => onDelete(api)}
              />
            ))
          )}
        </tbody>
      </Table>
    </div>
  );
}
