import { REDEEM_CODE_FIELDS } from '@contracts/redeem';
import type { RedeemedCode } from '@contracts/redeem';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import CreditBadge from '../../components/ui/CreditBadge';
import ErrorBanner from '../../components/ui/ErrorBanner';
import Pagination from '../../components/ui/Pagination';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { malformedField } from '../../lib/api';
import { inLanguage } from '../../lib/inLanguage';
import { formatYuan } from '../../lib/money';
import { useGetRedemptionsQuery, useRedeemCodeMutation } from './api';
import './recharge.css';
import { invalidMarks } from '../../components/ui/invalidMarks';

/**
 * "Redeem a code": a code bought from a card shop or handed out by the site adds its value to the
 * balance, or as credit that expires (a credit code), or starts a period of a plan (a plan code).
 * A refusal is shown at the field; what was redeemed is listed below it.
 */
export default function RedeemCard() {
  const { t, time, errorText, lang } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<RedeemedCode | null>(null);
  const [page, setPage] = useState(1);
  const codeInput = useRef<HTMLInputElement>(null);
  const [redeem, redeeming] = useRedeemCodeMutation();
  const list = useGetRedemptionsQuery({ page });
  const redemptions = list.data?.data.redemptions ?? [];

  const refuse = (text: string) => {
    setError(text);
    codeInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!code.trim()) {
      refuse(t('recharge.codeRequired'));
      return;
    }
    setError(null);
    try {
      const { data } = await redeem({ code }).unwrap();
      setDone(data);
      setCode('');
      setPage(1);
    } catch (failure) {
      // Every refusal is the one field's; a malformed code is asked for again in words.
      refuse(
        malformedField(failure, REDEEM_CODE_FIELDS)
          ? t('recharge.codeMalformed')
          : errorText(failure, 'recharge.redeemFailed', 'recharge.requestError'),
      );
    }
  };

  // Said in the page's language, which may change after the code was redeemed.
  const doneText = (data: RedeemedCode) =>
    data.plan
      ? t('recharge.redeemedPlan', {
          name: inLanguage(data.plan.name, data.plan.name_en, lang),
          time: time(data.plan.period_end),
        })
      : data.kind === 'credit' && data.credit_expires_at
        ? t('recharge.redeemedCredit', {
            amount: formatYuan(data.amount),
            time: time(data.credit_expires_at),
          })
        : t('recharge.redeemed', {
            amount: formatYuan(data.amount),
            balance: formatYuan(data.balance),
          });

  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('recharge.redeemTitle')}
        </Card.Title>
        {done && (
          <Alert variant="success" role="status">
            {doneText(done)}
            {done.plan && (
              <>
                {' '}
                <Link to={paths.userDashboard} className="alert-link">
                  {t('recharge.toPlan')}
                </Link>
              </>
            )}
          </Alert>
        )}
        <Form noValidate onSubmit={(e) => void submit(e)} className="redeem-form">
          <Form.Group controlId="redeem-code" className="redeem-field">
            <Form.Label>{t('recharge.redeemCode')}</Form.Label>
            <Form.Control
              ref={codeInput}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
              value={code}
              {...invalidMarks(error !== null && 'redeem-code-error', 'redeem-code-help')}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
            />
            {error !== null && (
              <Form.Control.Feedback type="invalid" role="alert" id="redeem-code-error">
                {error}
              </Form.Control.Feedback>
            )}
            <Form.Text id="redeem-code-help">{t('recharge.redeemHelp')}</Form.Text>
          </Form.Group>
          <Button type="submit" className="redeem-submit" disabled={redeeming.isLoading}>
            {redeeming.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {redeeming.isLoading ? t('recharge.redeeming') : t('recharge.redeem')}
          </Button>
        </Form>
        {list.isError && (
          <ErrorBanner messages={[errorText(list.error, 'recharge.redemptionsFailed')]} />
        )}
        {redemptions.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('recharge.redemptions')}</h3>
            <Table size="sm" striped className="mb-2" aria-label={t('recharge.redemptions')}>
              <thead>
                <tr>
                  <th>{t('recharge.redeemCode')}</th>
                  <th>{t('recharge.amount')}</th>
                  <th>{t('recharge.redeemedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {redemptions.map((row) => (
                  <tr key={row.id}>
                    <td className="text-nowrap">
                      <code>{row.code_hint}</code>
                    </td>
                    <td>
                      {row.plan
                        ? t('recharge.redeemedPlanRow', {
                            name: inLanguage(row.plan.name, row.plan.name_en, lang),
                          })
                        : formatYuan(row.amount)}
                      {row.kind === 'credit' && <CreditBadge />}
                    </td>
                    <td>{time(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pagination
              page={page}
              totalPages={list.data!.data.total_pages}
              onChange={setPage}
              label={t('recharge.redemptionPages')}
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
