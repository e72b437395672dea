import type { Dashboard } from '@contracts/site';
import { Card, Col, Row, Table } from 'react-bootstrap';
import { LAYOUT } from '../../i18n/layout';

const TEXTS = LAYOUT.dashboard;

/** The dashboard's lists: the top ten APIs, the server's facts, and every API's total calls. */
export default function ApiTables({ stats }: { stats: Dashboard }) {
  return (
    <Row className="g-4">
      <Col lg={6}>
        <Card>
          <Card.Header>{TEXTS.topApis}</Card.Header>
          <Table striped className="mb-0 admin-card-table">
            <thead>
              <tr>
                <th className="text-nowrap">{TEXTS.rank}</th>
                <th>{TEXTS.apiName}</th>
                <th className="text-nowrap">{TEXTS.callCount}</th>
              </tr>
            </thead>
            <tbody>
              {stats.top_apis.length === 0 ? (
                <tr>
                  <td colSpan={3} className="text-center text-muted">
                    {TEXTS.noCalls}
                  </td>
                </tr>
              ) : (
                stats.top_apis.map((api, index) => (
                  <tr key={api.id}>
                    <td>{index + 1}</td>
                    <td>{api.name}</td>
                    <td className="text-nowrap">{api.call_count}</td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </Card>
      </Col>
      <Col lg={6}>
        <Card className="mb-4">
          <Card.Header>{TEXTS.serverInfo}</Card.Header>
          <Table className="mb-0 admin-card-table">
            <tbody>
              {stats.server_info.map((pair) => (
                <tr key={pair.name}>
                  <th className="w-25">{pair.name}</th>
                  <td>{pair.value}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
        <Card>
          <Card.Header>{TEXTS.allApiCalls}</Card.Header>
          {/* A scrolling box the keyboard can reach and scroll too. */}
          <div
            className="admin-scroll-box"
            tabIndex={0}
            role="region"
            aria-label={TEXTS.allApiCalls}
          >
            <Table size="sm" striped className="mb-0 admin-card-table">
              <tbody>
                {stats.all_api_total_calls.length === 0 ? (
                  <tr>
                    <td className="text-center text-muted">{TEXTS.noApis}</td>
                  </tr>
                ) : (
                  stats.all_api_total_calls.map((api) => (
                    <tr key={api.id}>
                      <td>{api.name}</td>
                      <td className="text-end text-nowrap">{api.total_calls}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </Table>
          </div>
        </Card>
      </Col>
    </Row>
  );
}
