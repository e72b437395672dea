import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { selectUser } from '../../app/authSlice';
import { useAppSelector } from '../../app/store';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import Pagination from '../../components/ui/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { errorMessage, errorStatus } from '../../lib/api';
import { useGetRechargeHistoryQuery, useGetRechargeInfoQuery, useVerifyOrderMutation } from './api';
import { formatTime } from '../../lib/formatTime';

/** The server's message, else SPEC.md §8's fallbacks: a reply without one, or no reply at all. */
const failure = (error: unknown, fallback: string) =>
  errorStatus(error) === undefined
    ? 'recharge request error, try again later'
    : errorMessage(error, fallback);

export default function RechargePage() {
  usePageTitle('Recharge centre');
  const user = useAppSelector(selectUser);
  const [page, setPage] = useState(1);
  const [orderNumber, setOrderNumber] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const info = useGetRechargeInfoQuery();
  const history = useGetRechargeHistoryQuery({ page });
  const [verifyOrder, verifying] = useVerifyOrderMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = orderNumber.trim();
    if (!number) {
      setNotice({ ok: false, text: 'please enter the order number' });
      return;
    }
    setNotice(null);
    try {
      const result = await verifyOrder({ order_number: number }).unwrap();
      setNotice({
        ok: true,
        text: `Recharge successful: ${result.data.amount} credited, balance now ${result.data.balance}.`,
      });
      setOrderNumber('');
      setPage(1);
    } catch (error) {
      setNotice({ ok: false, text: failure(error, 'recharge failed!') });
    }
  };

  const configured = info.data?.data.configured ?? true;
  const sponsorUrl = info.data?.data.sponsor_url;
  const records = history.data?.data.records ?? [];

  return (
    <>
      <h1 className="h3 mb-3">Recharge centre</h1>
      <Row className="g-3 mb-3">
        <Col md={5}>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Account
              </Card.Title>
              <dl className="row mb-0">
                <dt className="col-5">Username</dt>
                <dd className="col-7">{user.username}</dd>
                <dt className="col-5">Balance</dt>
                <dd className="col-7" data-testid="balance">
                  {user.balance} yuan
                </dd>
                {info.data && (
                  <>
                    <dt className="col-5">Recharge ID</dt>
                    <dd className="col-7">
                      <code>{info.data.data.custom_order_id}</code>
                    </dd>
                  </>
                )}
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col md={7}>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Recharge by Afdian order
              </Card.Title>
              {info.isLoading && <Loading />}
              {info.isError && (
                <ErrorBanner messages={[failure(info.error, 'failed to get recharge settings')]} />
              )}
              {!configured && (
                <Alert variant="warning">
                  Recharge is not configured on this site yet. Please contact the administrator.
                </Alert>
              )}
              {sponsorUrl && (
                <p>
                  Pay on{' '}
                  <a href={sponsorUrl} target="_blank" rel="noopener noreferrer">
                    the Afdian sponsorship page
                  </a>{' '}
                  (your recharge ID is filled in), then enter the order number from your Afdian
                  order below.
                </p>
              )}
              {notice && (
                <Alert variant={notice.ok ? 'success' : 'danger'} role="alert">
                  {notice.text}
                </Alert>
              )}
              <Form noValidate onSubmit={(e) => void submit(e)}>
                <Form.Group className="mb-2" controlId="recharge-order-number">
                  <Form.Label>Order number</Form.Label>
                  <Form.Control
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="e.g. 202601011234567890123"
                    value={orderNumber}
                    disabled={!configured}
                    onChange={(e) => setOrderNumber(e.target.value)}
                  />
                </Form.Group>
                <Button type="submit" disabled={verifying.isLoading || !configured}>
                  {verifying.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                  {verifying.isLoading ? 'Verifying…' : 'Confirm'}
                </Button>
              </Form>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Card>
        <Card.Body>
          <div className="d-flex justify-content-between align-items-center mb-2">
            <Card.Title as="h2" className="h5 mb-0">
              Recharge history
            </Card.Title>
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={history.isFetching}
              onClick={() => void history.refetch()}
            >
              Refresh
            </Button>
          </div>
          {history.isLoading && <Loading />}
          {history.isError && (
            <ErrorBanner
              messages={[errorMessage(history.error, 'failed to get recharge records')]}
            />
          )}
          {history.data && records.length === 0 && (
            <p className="text-muted mb-0">No recharge records yet.</p>
          )}
          {records.length > 0 && (
            <Table responsive striped hover size="sm" aria-label="Recharge history">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>Order number</th>
                  <th>Amount</th>
                  <th>Created time</th>
                </tr>
              </thead>
              <tbody>
                {records.map((record) => (
                  <tr key={record.id}>
                    <td>{record.id}</td>
                    <td>
                      <code>{record.out_trade_no}</code>
                    </td>
                    <td>{record.amount}</td>
                    <td>{formatTime(record.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {history.data && (
            <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
              <span className="text-muted small">Total: {history.data.data.total}</span>
              <Pagination
                page={page}
                totalPages={history.data.data.total_pages}
                onChange={setPage}
                label="Recharge history pages"
              />
            </div>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
