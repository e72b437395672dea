import type { StatsRow } from '@contracts/site';
import { Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import StatusBadge from '../../components/StatusBadge';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { STATS } from '../../i18n/stats';
import { adminPaths } from '../../paths';

/** The APIs with their total calls, each linking to its daily calls (and back to this list). */
export default function StatsTable({ rows, listQuery }: { rows: StatsRow[]; listQuery: string }) {
  return (
    <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
      <thead>
        <tr>
          <th>ID</th>
          <th>{STATS.list.apiName}</th>
          <th className="text-nowrap">{STATS.list.totalCalls}</th>
          <th>{COMMON.status}</th>
          <th>{COMMON.createdAt}</th>
          <th>{COMMON.updatedAt}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={7} className="text-center text-muted">
              {STATS.list.empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id}>
              <td data-label="ID">{row.id}</td>
              <td data-label={STATS.list.apiName}>{row.name}</td>
              <td data-label={STATS.list.totalCalls} className="text-nowrap">
                {row.total_calls}
              </td>
              <td data-label={COMMON.status}>
                <StatusBadge status={row.status} />
              </td>
              <td data-label={COMMON.createdAt}>{formatTime(row.created_at)}</td>
              <td data-label={COMMON.updatedAt}>{formatTime(row.updated_at)}</td>
              <td data-label={COMMON.actions}>
                <Link
                  to={adminPaths.apiStats(row.id)}
                  state={{ listQuery }}
                  className="btn btn-sm btn-outline-primary"
                >
                  {STATS.list.details}
                </Link>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
