import type { OidcProviderAdminView } from '@contracts/oidc';
import { Button, Table } from 'react-bootstrap';
import StatusBadge from '../../components/StatusBadge';
import { formatTime } from '../../errors';
import { COMMON } from '../../i18n/common';
import { PROVIDERS } from '../../i18n/providers';

const { table } = PROVIDERS;

/** 第三方登录's list: each provider with its address, client and linked users (never a secret). */
export default function ProvidersTable({
  providers,
  onEdit,
  onDelete,
}: {
  providers: OidcProviderAdminView[];
  onEdit: (provider: OidcProviderAdminView) => void;
  onDelete: (provider: OidcProviderAdminView) => void;
}) {
  return (
    <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
      <thead>
        <tr>
          <th>ID</th>
          <th>{COMMON.name}</th>
          <th>{COMMON.type}</th>
          <th>{table.address}</th>
          <th>Client ID</th>
          <th>{table.linkedUsers}</th>
          <th>{COMMON.status}</th>
          <th>{COMMON.updatedAt}</th>
          <th>{COMMON.actions}</th>
        </tr>
      </thead>
      <tbody>
        {providers.length === 0 ? (
          <tr>
            <td colSpan={9} className="text-center text-muted">
              {table.empty}
            </td>
          </tr>
        ) : (
          providers.map((provider) => (
            <tr key={provider.id}>
              <td data-label="ID">{provider.id}</td>
              <td data-label={COMMON.name} className="text-break">
                {provider.name}
              </td>
              <td data-label={COMMON.type}>
                {provider.kind === 'github' ? 'GitHub' : 'OpenID Connect'}
              </td>
              <td data-label={table.address} className="text-break">
                {provider.issuer}
              </td>
              <td data-label="Client ID" className="text-break">
                {provider.client_id}
              </td>
              <td data-label={table.linkedUsers}>{provider.linked_users}</td>
              <td data-label={COMMON.status}>
                <StatusBadge status={provider.enabled} />
              </td>
              <td data-label={COMMON.updatedAt}>{formatTime(provider.updated_at)}</td>
              <td data-label={COMMON.actions} className="text-nowrap">
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="me-2"
                  onClick={() => onEdit(provider)}
                >
                  {COMMON.edit}
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => onDelete(provider)}>
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
