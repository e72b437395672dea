import { useState } from 'react';
import { Alert, Button, Card, Form, InputGroup, Modal, Spinner } from 'react-bootstrap';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { errorMessage, errorStatus } from '../../lib/api';
import { useChangeApiKeyMutation, useGetUserInfoQuery } from './api';
import { formatTime } from '../../lib/formatTime';

function loadError(error: unknown): string {
  return errorStatus(error) === undefined
    ? 'error loading user info'
    : errorMessage(error, 'failed to get user info');
}

function changeError(error: unknown): string {
  return errorStatus(error) === undefined
    ? 'request failed'
    : errorMessage(error, 'API KEY change failed');
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function DashboardPage() {
  usePageTitle('User centre');
  const {
    data: user,
    error,
    isLoading,
  } = useGetUserInfoQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [changeKey, change] = useChangeApiKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async () => {
    if (!user?.api_key) return;
    setCopied(await copyText(user.api_key));
    setTimeout(() => setCopied(null), 2000);
  };

  const confirmChange = async () => {
    try {
      await changeKey().unwrap();
      setNotice({ ok: true, text: 'API key changed; the old key no longer works' });
    } catch (e) {
      setNotice({ ok: false, text: changeError(e) });
    } finally {
      setConfirming(false);
    }
  };

  if (isLoading) return <Loading />;
  if (error || !user) return <ErrorBanner messages={[loadError(error)]} />;

  const origin = window.location.origin;
  return (
    <>
      <h1 className="h3 mb-3">User centre</h1>
      {notice && (
        <Alert
          variant={notice.ok ? 'success' : 'danger'}
          dismissible
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <Card className="mb-4">
        <Card.Header>Account</Card.Header>
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-3">Username</dt>
            <dd className="col-sm-9" data-testid="username">
              {user.username}
            </dd>
            <dt className="col-sm-3">Balance</dt>
            <dd className="col-sm-9" data-testid="balance">
              ¥{user.balance}
            </dd>
            <dt className="col-sm-3">Created</dt>
            <dd className="col-sm-9">{formatTime(user.created_at)}</dd>
          </dl>
        </Card.Body>
      </Card>
      <Card className="mb-4">
        <Card.Header>API key</Card.Header>
        <Card.Body>
          <InputGroup className="mb-2">
            <Form.Control
              readOnly
              aria-label="API key"
              className="font-monospace"
              value={user.api_key ?? ''}
              placeholder="the key cannot be shown; change it to get a new one"
            />
            <Button
              variant="outline-secondary"
              disabled={!user.api_key}
              onClick={() => void copy()}
            >
              {copied === null ? 'Copy' : copied ? 'Copied' : 'Copy failed'}
            </Button>
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              Change key
            </Button>
          </InputGroup>
          <Form.Text>
            Keep the key secret: calls to paid APIs are charged to your balance.
          </Form.Text>
        </Card.Body>
      </Card>
      <Card>
        <Card.Header>How to use your key</Card.Header>
        <Card.Body>
          <p className="mb-2">
            Send the key with each call to a paid API, in the <code>X-API-Key</code> header:
          </p>
          <pre className="bg-light p-2 rounded small mb-3">
            <code>{`curl -H "X-API-Key: ${user.api_key ?? 'YOUR_KEY'}" ${origin}/apis/<name>`}</code>
          </pre>
          <p className="mb-2">
            or as the <code>key</code> query parameter:
          </p>
          <pre className="bg-light p-2 rounded small mb-0">
            <code>{`${origin}/apis/<name>?key=${user.api_key ?? 'YOUR_KEY'}`}</code>
          </pre>
        </Card.Body>
      </Card>

      <Modal show={confirming} onHide={() => !change.isLoading && setConfirming(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title>Change API key?</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          A new key will be generated and the old key stops working immediately. Programs that use
          it will fail until you give them the new key.
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="secondary"
            disabled={change.isLoading}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </Button>
          <Button variant="danger" disabled={change.isLoading} onClick={() => void confirmChange()}>
            {change.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Change key
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
