import type { ErrorEnvelope } from '@contracts/errors';
import { VERIFY_ORDER_FIELDS } from '@contracts/recharge';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { selectUser } from '../../app/authSlice';
import { useAppSelector } from '../../app/store';
import { useFreshUser } from '../../app/useFreshUser';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Loading from '../../components/ui/Loading';
import Pagination from '../../components/ui/Pagination';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useI18n } from '../../i18n';
import { malformedField } from '../../lib/api';
import { formatYuan } from '../../lib/money';
import { useGetRechargeHistoryQuery, useGetRechargeInfoQuery, useVerifyOrderMutation } from './api';
import RechargeHistoryTable from './RechargeHistoryTable';
import { usePaidCheck } from './PaidCheck';
import RedeemCard from './RedeemCard';
import { invalidMarks } from '../../components/ui/invalidMarks';

/**
 * An order_used refusal of an order this account's balance got (sent again after an answer that
 * never came): what it credited and when, which the page tells as the news it is.
 */
function creditedBefore(error: unknown): { amount: string; at: string } | null {
  const body = (error as { data?: Partial<ErrorEnvelope> } | null)?.data;
  return body?.code === 'recharge.order_used' &&
    body.credited_to_you === true &&
    typeof body.amount === 'string' &&
    typeof body.credited_at === 'string'
    ? { amount: body.amount, at: body.credited_at }
    : null;
}

export default function RechargePage() {
  const { t, errorText, time } = useI18n();
  usePageTitle(t('recharge.title'));
  const user = useAppSelector(selectUser);
  // The balance shown is the server's, refreshed on focus.
  const freshUser = useFreshUser();
  const [page, setPage] = useState(1);
  const [orderNumber, setOrderNumber] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  const info = useGetRechargeInfoQuery();
  const history = useGetRechargeHistoryQuery({ page });
  const [verifyOrder, verifying] = useVerifyOrderMutation();
  const paid = usePaidCheck(info.data ? info.data.data.mode === 'live' : undefined);

  // A refusal is shown at the one field, which takes the focus, so it is read next to the input.
  const refuse = (text: string) => {
    setError(text);
    numberInput.current?.focus();
  };

  const verify = async (number: string) => {
    setDone(null);
    if (!number) {
      refuse(t('recharge.orderRequired'));
      return;
    }
    setError(null);
    try {
      const result = await verifyOrder({ order_number: number }).unwrap();
      setDone(
        t('recharge.success', {
          amount: formatYuan(result.data.amount),
          balance: formatYuan(result.data.balance),
        }),
      );
      setOrderNumber('');
      setPage(1);
    } catch (failure) {
      const before = creditedBefore(failure);
      if (before) {
        setDone(
          t('recharge.creditedBefore', { amount: formatYuan(before.amount), at: time(before.at) }),
        );
        setOrderNumber('');
        // The credit's own answer never arrived, so the balance shown may be from before it.
        void freshUser.refetch();
        return;
      }
      // Every refusal is the one field's; a malformed number is asked for again in words.
      refuse(
        malformedField(failure, VERIFY_ORDER_FIELDS)
          ? t('recharge.orderDigits')
          : errorText(failure, 'recharge.failed', 'recharge.requestError'),
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(orderNumber.trim());
  };

  // Back from a checkout with the order's number (the sandbox's, or a return address that
  // carries it): it is verified at once, shown in the field until then, and left out of the
  // address so a reload or a shared link does not send it again.
  const [params, setParams] = useSearchParams();
  const returned = params.get('out_trade_no');
  const verifiedReturn = useRef<string | null>(null);
  useEffect(() => {
    if (!returned || verifiedReturn.current === returned) return;
    verifiedReturn.current = returned;
    setOrderNumber(returned);
    setParams({}, { replace: true });
    void verify(returned);
    // verify is a new function each render; this runs once per returned number.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned, setParams]);

  const configured = info.data?.data.configured ?? true;
  const sandbox = info.data?.data.mode === 'sandbox';
  const sponsorUrl = info.data?.data.sponsor_url;
  const records = history.data?.data.records ?? [];

  return (
    <>
      <h1 className="h3 mb-3">{t('recharge.title')}</h1>
      <Row className="g-3 mb-3">
        <Col md={5}>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                {t('recharge.account')}
              </Card.Title>
              <dl className="row mb-0">
                <dt className="col-5">{t('auth.username')}</dt>
                <dd className="col-7">{user.username}</dd>
                <dt className="col-5">{t('user.balance')}</dt>
                <dd className="col-7" data-testid="balance">
                  {formatYuan(user.balance)}
                </dd>
                {info.data && (
                  <>
                    <dt className="col-5">{t('recharge.rechargeId')}</dt>
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
                {t('recharge.byOrder')}
                {sandbox && (
                  <Badge bg="warning" text="dark" className="ms-2 align-text-top">
                    {t('recharge.sandbox')}
                  </Badge>
                )}
              </Card.Title>
              {info.isLoading && <Loading />}
              {info.isError && (
                <ErrorBanner
                  messages={[
                    errorText(info.error, 'recharge.settingsFailed', 'recharge.requestError'),
                  ]}
                />
              )}
              {sandbox && (
                <Alert variant="warning" data-testid="sandbox-note">
                  {t('recharge.sandboxNote')}
                </Alert>
              )}
              {sponsorUrl && (
                <p>
                  {t(sandbox ? 'recharge.sandboxPayOn' : 'recharge.payOn')}{' '}
                  {sandbox ? (
                    <Link to={sponsorUrl}>{t('recharge.sandboxPage')}</Link>
                  ) : (
                    <a
                      href={sponsorUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={paid.armed}
                    >
                      {t('recharge.sponsorPage')}
                    </a>
                  )}{' '}
                  {t(sandbox ? 'recharge.sandboxPayThen' : 'recharge.payThen')}
                </p>
              )}
              {sponsorUrl && !sandbox && configured && (
                <div className="mb-3">
                  {paid.button}
                  <div className="mt-2">{paid.result}</div>
                </div>
              )}
              {!configured && (
                <Alert variant="warning" data-testid="not-configured">
                  {t('recharge.notConfigured')}
                </Alert>
              )}
              {done && (
                <Alert variant="success" role="status">
                  {done}
                </Alert>
              )}
              <Form noValidate onSubmit={submit}>
                <Form.Group className="mb-2" controlId="recharge-order-number">
                  <Form.Label>{t('recharge.orderNumber')}</Form.Label>
                  <Form.Control
                    ref={numberInput}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={t('recharge.orderPlaceholder')}
                    value={orderNumber}
                    disabled={!configured}
                    {...invalidMarks(error !== null && 'recharge-order-number-error')}
                    onChange={(e) => {
                      setOrderNumber(e.target.value);
                      setError(null);
                    }}
                  />
                  {error !== null && (
                    <Form.Control.Feedback
                      type="invalid"
                      role="alert"
                      id="recharge-order-number-error"
                    >
                      {error}
                    </Form.Control.Feedback>
                  )}
                </Form.Group>
                <Button type="submit" disabled={verifying.isLoading || !configured}>
                  {verifying.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                  {verifying.isLoading ? t('recharge.verifying') : t('recharge.confirm')}
                </Button>
              </Form>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <RedeemCard />
      <Card>
        <Card.Body>
          <div className="d-flex justify-content-between align-items-center mb-2">
            <Card.Title as="h2" className="h5 mb-0">
              {t('recharge.history')}
            </Card.Title>
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={history.isFetching}
              onClick={() => void history.refetch()}
            >
              {t('recharge.refresh')}
            </Button>
          </div>
          {history.isLoading && <Loading />}
          {history.isError && (
            <ErrorBanner messages={[errorText(history.error, 'recharge.historyFailed')]} />
          )}
          {history.data && records.length === 0 && (
            <p className="text-muted mb-0">{t('recharge.noRecords')}</p>
          )}
          {records.length > 0 && <RechargeHistoryTable records={records} />}
          {history.data && (
            <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
              <span className="text-muted small">
                {t('recharge.total', { count: history.data.data.total })}
              </span>
              <Pagination
                page={page}
                totalPages={history.data.data.total_pages}
                onChange={setPage}
                label={t('recharge.pages')}
              />
            </div>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
