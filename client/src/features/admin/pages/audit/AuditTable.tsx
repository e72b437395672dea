import type { AuditAction, AuditEntry, AuditTarget } from '@contracts/audit';
import { Table } from 'react-bootstrap';
import { formatTime } from '../../errors';
import { AUDIT } from '../../i18n/audit';
import AuditChanges from './AuditChanges';

// Labels looked up by what the server sent: an action or target this client does not know yet
// shows as the server wrote it.
const ACTIONS: Partial<Record<AuditAction, string>> = AUDIT.actions;
const TARGETS: Partial<Record<AuditTarget, string>> = AUDIT.targets;
const { columns } = AUDIT;

/** 操作日志's entries, newest first as the server lists them, one row each. */
export default function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table striped bordered className="bg-body align-middle admin-cards">
      <thead>
        <tr>
          <th>{columns.time}</th>
          <th>{columns.admin}</th>
          <th>{columns.action}</th>
          <th>{columns.target}</th>
          <th>{columns.changes}</th>
          <th>{columns.ip}</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 ? (
          <tr>
            <td colSpan={6} className="text-center text-muted">
              {AUDIT.empty}
            </td>
          </tr>
        ) : (
          entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={columns.time} className="text-nowrap">
                {formatTime(entry.created_at)}
              </td>
              <td data-label={columns.admin}>{entry.admin_username ?? `#${entry.admin_id}`}</td>
              <td data-label={columns.action}>{ACTIONS[entry.action] ?? entry.action}</td>
              <td data-label={columns.target}>
                {TARGETS[entry.target_type] ?? entry.target_type}
                {entry.target_id !== null && ` #${entry.target_id}`}
              </td>
              <td data-label={columns.changes} className="admin-break">
                <AuditChanges entry={entry} />
              </td>
              <td data-label={columns.ip}>{entry.ip}</td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
