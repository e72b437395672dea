import type { AdminUser } from '@contracts/users';
import { useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal, Spinner } from 'react-bootstrap';
import { useCreateResetLinkMutation } from '../api';
import { adminErrorText, formatTime } from '../errors';

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
        <Modal.Title id="reset-link-modal-title">密码重置链接：{user.username}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger">{adminErrorText(error, { failed: '生成重置链接失败' })}</Alert>
        )}
        {data ? (
          <>
            <Form.Group controlId="reset-link-url">
              <Form.Label>一次性链接（{formatTime(data.expires_at)} 前有效）</Form.Label>
              <InputGroup>
                <Form.Control readOnly value={url} onFocus={(e) => e.target.select()} />
                <Button variant="outline-secondary" onClick={() => void copy()}>
                  复制
                </Button>
              </InputGroup>
            </Form.Group>
            {copied !== null && (
              <p className="small mt-2 mb-0" role="status">
                {copied ? '已复制' : '复制失败，请手动选择链接复制'}
              </p>
            )}
            <p className="small text-body-secondary mt-3 mb-0">
              请通过可信的方式交给用户本人。链接只能使用一次，使用后该用户所有设备都将退出登录。
            </p>
          </>
        ) : (
          <p className="mb-0">
            为该用户生成一个 30
            分钟内有效的一次性密码重置链接。之前生成或发送的重置链接将失效，操作会记入审计日志。
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          关闭
        </Button>
        {!data && (
          <Button onClick={() => void create(user.id)} disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            生成链接
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
