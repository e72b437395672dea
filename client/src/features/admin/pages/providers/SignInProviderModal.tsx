import type { OidcProviderAdminView } from '@contracts/oidc';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import { PROVIDERS } from '../../i18n/providers';
import ProviderFields from './ProviderFields';
import { useProviderForm } from './useProviderForm';

/**
 * 添加 / 编辑登录方式: an OpenID Connect issuer, or GitHub (github.com or an Enterprise Server).
 * Saving an enabled OpenID Connect provider reads its discovery document first, so a typo in the
 * issuer is caught here. The secret is write-only: blank keeps the stored one.
 */
export default function SignInProviderModal({
  provider,
  onClose,
}: {
  provider: OidcProviderAdminView | null;
  onClose: () => void;
}) {
  const state = useProviderForm(provider, onClose);
  const { error, success, saving, submit } = state;

  return (
    <Modal
      aria-labelledby="provider-modal-title"
      show
      onHide={onClose}
      backdrop="static"
      keyboard={false}
    >
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header>
          <Modal.Title id="provider-modal-title">
            {provider ? PROVIDERS.edit : PROVIDERS.add}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          {success && (
            <Alert variant="success" role="status">
              {success}
            </Alert>
          )}
          <ProviderFields state={state} secretSet={provider?.client_secret_set ?? false} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {COMMON.cancel}
          </Button>
          <Button type="submit" disabled={saving || success !== null}>
            {saving && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {saving ? PROVIDERS.form.verifying : COMMON.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
