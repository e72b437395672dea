import { USER_STATUS, type AdminUser } from '@contracts/users';
import { Badge, Button, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { formatMilliTwoDecimals } from '../../../../lib/money';
import RevealKey from '../../components/RevealKey';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { USERS } from '../../i18n/users';
import { adminPaths } from '../../paths';

const { columns } = USERS;

/** One page of users, each row with its actions (balance, reset link, two-factor off). */
export default function UsersTable({
  users,
  search,
  onAdjust,
  onGrant,
  onReset,
  onTurnOffTwoFactor,
}: {
  users: AdminUser[];
  /** The search the page shows, named when nothing matched. */
  search: string;
  onAdjust: (user: AdminUser) => void;
  onGrant: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onTurnOffTwoFactor: (user: AdminUser) => void;
}) {
  return (
    <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
      <thead>
        <tr>
          <th>{columns.id}</th>
          <th>{columns.username}</th>
          <th>{columns.email}</th>
          <th>{columns.balance}</th>
          <th>{columns.apiKey}</th>
          <th>{columns.createdAt}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {users.length === 0 ? (
          <tr>
            <td colSpan={7} className="text-center text-muted">
              {search ? USERS.noMatch(search) : USERS.empty}
            </td>
          </tr>
        ) : (
          users.map((user) => (
            <tr key={user.id}>
              <td data-label={columns.id}>{user.id}</td>
              <td data-label={columns.username}>
                {user.username}
                {user.two_factor && (
                  <Badge bg="success" className="ms-2">
                    {USERS.twoFactor}
                  </Badge>
                )}
                {user.status === USER_STATUS.pendingEmail && (
                  <Badge bg="warning" text="dark" className="ms-2">
                    {USERS.pendingEmail}
                  </Badge>
                )}
              </td>
              <td data-label={columns.email}>{user.email || '-'}</td>
              <td data-label={columns.balance}>
                <div>
                  {formatMilliTwoDecimals(user.balance_milli)}
                  {user.credit_milli > 0 && (
                    <div className="small text-body-secondary">
                      {USERS.creditLeft(formatMilliTwoDecimals(user.credit_milli))}
                    </div>
                  )}
                </div>
              </td>
              <td data-label={columns.apiKey}>
                <RevealKey userId={user.id} hint={user.api_key} />
              </td>
              <td data-label={columns.createdAt}>{formatTime(user.created_at)}</td>
              <td data-label={COMMON.actions}>
                <div className="admin-row-actions">
                  <Button size="sm" variant="outline-primary" onClick={() => onAdjust(user)}>
                    {USERS.adjustBalance}
                  </Button>
                  <Button size="sm" variant="outline-primary" onClick={() => onGrant(user)}>
                    {USERS.grantCredit}
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={() => onReset(user)}>
                    {USERS.resetPassword}
                  </Button>
                  <Link
                    to={`${adminPaths.statements}?user_id=${user.id}`}
                    className="btn btn-sm btn-outline-secondary"
                  >
                    {USERS.statement}
                  </Link>
                  {user.two_factor && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => onTurnOffTwoFactor(user)}
                    >
                      {USERS.turnOffTwoFactor}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
