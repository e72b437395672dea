import type { ApiSummary } from '@contracts/apis';
import { Badge, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { formatYuan } from '../../../../lib/money';
import StatusBadge from '../../components/StatusBadge';
import { APIS } from '../../i18n/apis';
import { COMMON } from '../../i18n/common';
import { adminPaths } from '../../paths';
import HealthCell from './HealthCell';

const { columns, row } = APIS.list;

/** One API of the list: ticked for a bulk action, its pin and status switches, edit and delete. */
export default function ApiRow({
  api,
  selected,
  onSelect,
  onToggle,
  onDelete,
}: {
  api: ApiSummary;
  selected: boolean;
  onSelect: () => void;
  onToggle: (key: 'status' | 'is_pinned') => void;
  onDelete: () => void;
}) {
  return (
    <tr>
      <td data-label={columns.select}>
        <Form.Check aria-label={row.select(api.name)} checked={selected} onChange={onSelect} />
      </td>
      <td data-label="ID">{api.id}</td>
      <td data-label={COMMON.name} className="admin-name-cell">
        {api.name}
      </td>
      <td data-label={columns.nameEn} className="admin-name-cell">
        <code>{api.name_en}</code>
      </td>
      <td data-label={columns.method}>{api.request_method}</td>
      <td data-label={columns.billing}>
        {api.is_paid === 1 ? (
          <Badge bg="warning" text="dark">
            {row.price(formatYuan(api.price_per_call))}
          </Badge>
        ) : (
          <Badge bg="secondary">{row.free}</Badge>
        )}
      </td>
      <td data-label={columns.pinned}>
        <Form.Check
          type="switch"
          id={`pin-${api.id}`}
          aria-label={row.pin(api.name)}
          checked={api.is_pinned === 1}
          onChange={() => onToggle('is_pinned')}
        />
      </td>
      <td data-label={COMMON.status}>
        <div className="d-flex align-items-center gap-2">
          <Form.Check
            type="switch"
            id={`status-${api.id}`}
            aria-label={row.enable(api.name)}
            checked={api.status === 1}
            onChange={() => onToggle('status')}
          />
          <StatusBadge status={api.status} />
        </div>
      </td>
      <td data-label={columns.calls} className="text-nowrap">
        {api.usage_count}
      </td>
      <td data-label={columns.health} className="text-nowrap small">
        <HealthCell api={api} />
      </td>
      <td data-label={COMMON.actions} className="text-nowrap">
        <Link to={adminPaths.edit(api.id)} className="btn btn-sm btn-outline-primary me-2">
          {COMMON.edit}
        </Link>
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          {COMMON.delete}
        </Button>
      </td>
    </tr>
  );
}
