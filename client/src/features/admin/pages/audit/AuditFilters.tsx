import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditQuery } from '@contracts/audit';
import { Form } from 'react-bootstrap';
import { AUDIT } from '../../i18n/audit';

interface Props {
  query: AuditQuery;
  setParam: (key: string, value: string) => void;
}

/** 操作日志's toolbar: who, what kind of record, which action, from and to which day. */
export default function AuditFilters({ query, setParam }: Props) {
  return (
    <div className="admin-toolbar mb-3">
      <Form.Control
        type="search"
        aria-label={AUDIT.filters.admin}
        placeholder={AUDIT.filters.adminPlaceholder}
        defaultValue={query.admin ?? ''}
        onChange={(e) => setParam('admin', e.target.value.trim())}
      />
      <Form.Select
        aria-label={AUDIT.filters.target}
        value={query.target_type ?? ''}
        onChange={(e) => setParam('target_type', e.target.value)}
      >
        <option value="">{AUDIT.filters.allTargets}</option>
        {AUDIT_TARGETS.map((t) => (
          <option key={t} value={t}>
            {AUDIT.targets[t]}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        aria-label={AUDIT.filters.action}
        value={query.action ?? ''}
        onChange={(e) => setParam('action', e.target.value)}
      >
        <option value="">{AUDIT.filters.allActions}</option>
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {AUDIT.actions[a]}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        type="date"
        aria-label={AUDIT.filters.from}
        value={query.from ?? ''}
        onChange={(e) => setParam('from', e.target.value)}
      />
      <Form.Control
        type="date"
        aria-label={AUDIT.filters.to}
        value={query.to ?? ''}
        onChange={(e) => setParam('to', e.target.value)}
      />
    </div>
  );
}
