import type { StatsDetail } from '@contracts/site';
import { Card, Table } from 'react-bootstrap';
import DailyCallsChart from '../../components/DailyCallsChart';
import { COMMON } from '../../i18n/common';
import { STATS } from '../../i18n/stats';

/** One API's daily calls: its name, the last 30 days drawn, then every day it has, newest first. */
export default function DailyCalls({
  detail,
  rows,
}: {
  detail: StatsDetail;
  rows: [string, number][];
}) {
  const name = detail.name || detail.name_en || STATS.detail.unknownApi;
  return (
    <>
      <p className="mb-3">
        <strong>{name}</strong>
        <span className="text-muted ms-2">ID: {detail.id}</span>
      </p>
      <Card className="mb-3 admin-daily-chart">
        <Card.Header>{STATS.detail.chart}</Card.Header>
        <Card.Body>
          <DailyCallsChart
            label={STATS.detail.chartLabel(name)}
            today={detail.today}
            rows={rows.map(([date, count]) => ({
              access_date: date,
              api_id: detail.id,
              api_name: name,
              daily_calls: count,
            }))}
          />
        </Card.Body>
      </Card>
      <Table striped bordered hover className="bg-body admin-cards admin-daily-table">
        <thead>
          <tr>
            <th>{COMMON.date}</th>
            <th>{STATS.detail.calls}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="text-center text-muted">
                {STATS.detail.empty}
              </td>
            </tr>
          ) : (
            rows.map(([date, count]) => (
              <tr key={date}>
                <td data-label={COMMON.date}>{date}</td>
                <td data-label={STATS.detail.calls}>{count}</td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </>
  );
}
