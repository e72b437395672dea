import type { AdminUser } from '@contracts/users';
import { useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal, Spinner } from 'react-bootstrap';
import { useCreateResetLinkMutation } from '../api';
import { adminErrorText, formatTime } from '../errors';
import { COMMON } from '../i18n/common';
import { USERS } from '../i18n/users';

const TEXTS = USERS.resetLink;

/**
 * A one-time password-reset link for a user who cannot receive mail, to hand over by a channel
 * the admin trusts. Creating it ends the user's earlier links; it is audited.
 */
export default function ResetLinkModal({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const [create, { data, isLoading, error }] = useCreateResetLinkMutation();
  const [copied, setCopied] = useState<boolean | null>(null);
  // Without 网站地址 or PUBLIC_URL the server answers a path: it is this site's.
  const url = data ? new URL(data.url, window.location.origin).toString() : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Modal aria-labelledby="reset-link-modal-title" show onHide={onClose}>
      <Modal.Header closeButton>
        <Modal.Title id="reset-link-modal-title">{TEXTS.title(user.username)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{adminErrorText(error, { failed: TEXTS.failed })}</Alert>}
        {data ? (
          <>
            <Form.Group controlId="reset-link-url">
              <Form.Label>{TEXTS.url(formatTime(data.expires_at))}</Form.Label>
              <InputGroup>
                <Form.Control readOnly value={url} onFocus={(e) => e.target.select()} />
                <Button variant="outline-secondary" onClick={() => void copy()}>
                  {TEXTS.copy}
                </Button>
              </InputGroup>
            </Form.Group>
            {copied !== null && (
              <p className="small mt-2 mb-0" role="status">
                {copied ? TEXTS.copied : TEXTS.copyFailed}
              </p>
            )}
            <p className="small text-body-secondary mt-3 mb-0">{TEXTS.handOver}</p>
          </>
        ) : (
          <p className="mb-0">{TEXTS.intro}</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {COMMON.close}
        </Button>
        {!data && (
          <Button onClick={() => void create(user.id)} disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {TEXTS.create}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
