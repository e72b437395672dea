import { Card, Table } from 'react-bootstrap';
import Loading from '../../../../components/ui/Loading';
import { formatYuan } from '../../../../lib/money';
import { useUserStatementQuery } from '../../api';
import { adminErrorText } from '../../errors';
import { COMMON } from '../../i18n/common';
import { STATEMENTS } from '../../i18n/statements';
import Figures from './Figures';

/** One user's month: the figures and the calls by API (names as the log keeps them). */
export default function UserStatementCard({ userId, month }: { userId: number; month?: string }) {
  const user = useUserStatementQuery(
    { user_id: userId, ...(month && { month }) },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <Card>
      <Card.Header>{STATEMENTS.user(userId)}</Card.Header>
      <Card.Body>
        {user.error ? (
          <div className="alert alert-danger mb-0" role="alert">
            {adminErrorText(user.error, { failed: STATEMENTS.failed })}
          </div>
        ) : !user.data ? (
          <Loading label={COMMON.loading} />
        ) : (
          <>
            <Figures totals={user.data.data} testId="user-figures" />
            {user.data.data.lines.length === 0 ? (
              <p className="small text-body-secondary mt-2 mb-0">{STATEMENTS.noCalls}</p>
            ) : (
              <Table responsive size="sm" className="mt-3 mb-0" data-testid="user-lines">
                <thead>
                  <tr>
                    <th scope="col">{STATEMENTS.api}</th>
                    <th scope="col" className="text-end text-nowrap">
                      {STATEMENTS.calls}
                    </th>
                    <th scope="col" className="text-end text-nowrap">
                      {STATEMENTS.freeCalls}
                    </th>
                    <th scope="col" className="text-end text-nowrap">
                      {STATEMENTS.amount}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {user.data.data.lines.map((line) => (
                    <tr key={line.api_id}>
                      <td className="portico-break-anywhere">{line.api_name}</td>
                      <td className="text-end">{line.calls}</td>
                      <td className="text-end">{line.free_calls}</td>
                      <td className="text-end text-nowrap">{formatYuan(line.charged)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
