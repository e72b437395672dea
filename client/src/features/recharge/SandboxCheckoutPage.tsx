import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { SANDBOX_AMOUNT_PATTERN } from '@contracts/recharge';
import { selectUser } from '../../app/authSlice';
import { useAppSelector } from '../../app/store';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n';
import { formatYuan } from '../../lib/money';
import { useSandboxPayMutation } from './api';
import './recharge.css';
import { invalidMarks } from '../../components/ui/invalidMarks';

/** The amounts offered with one press; any other can be typed. */
const PRESETS = ['10', '50', '100'];

/**
 * The sandbox's checkout, a page of the app standing in for Afdian's: the user picks an amount
 * and "pays" with play money, then returns to the recharge centre, which verifies the order and
 * credits it like any Afdian order — no number to copy.
 */
export default function SandboxCheckoutPage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('sandbox.title'));
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [amount, setAmount] = useState(PRESETS[0]);
  const [error, setError] = useState<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const [pay, paying] = useSandboxPayMutation();
  const valid = SANDBOX_AMOUNT_PATTERN.test(amount.trim());

  const refuse = (text: string) => {
    setError(text);
    amountInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amount.trim()) return refuse(t('sandbox.amountRequired'));
    if (!valid) return refuse(t('sandbox.badAmount'));
    setError(null);
    try {
      const result = await pay({ amount: amount.trim() }).unwrap();
      const order = encodeURIComponent(result.data.order_number);
      await navigate(`${paths.userRecharge}?out_trade_no=${order}`, { replace: true });
    } catch (failure) {
      refuse(errorText(failure, 'sandbox.failed', 'recharge.requestError'));
    }
  };

  return (
    <div className="sandbox-checkout">
      <h1 className="h3 mb-3">{t('sandbox.title')}</h1>
      <Alert variant="warning">{t('recharge.sandboxNote')}</Alert>
      <Card>
        <Card.Body>
          <p className="mb-3">{t('sandbox.payer', { username: user.username ?? '' })}</p>
          <Form noValidate onSubmit={(e) => void submit(e)}>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('sandbox.presets')}</legend>
              <div className="d-flex flex-wrap gap-2">
                {PRESETS.map((preset) => (
                  <Button
                    key={preset}
                    variant={amount.trim() === preset ? 'primary' : 'outline-primary'}
                    aria-pressed={amount.trim() === preset}
                    onClick={() => {
                      setAmount(preset);
                      setError(null);
                    }}
                  >
                    {formatYuan(preset)}
                  </Button>
                ))}
              </div>
            </fieldset>
            <Form.Group className="mb-3" controlId="sandbox-amount">
              <Form.Label>{t('sandbox.amount')}</Form.Label>
              <Form.Control
                ref={amountInput}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                {...invalidMarks(
                  error !== null && 'sandbox-amount-error',
                  error === null && 'sandbox-amount-help',
                )}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setError(null);
                }}
              />
              {error === null ? (
                <Form.Text id="sandbox-amount-help">{t('sandbox.amountHelp')}</Form.Text>
              ) : (
                <Form.Control.Feedback type="invalid" role="alert" id="sandbox-amount-error">
                  {error}
                </Form.Control.Feedback>
              )}
            </Form.Group>
            <div className="d-flex flex-wrap align-items-center gap-3">
              <Button type="submit" disabled={paying.isLoading}>
                {paying.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {valid
                  ? t('sandbox.pay', { amount: formatYuan(amount.trim()) })
                  : t('sandbox.payAny')}
              </Button>
              <Link to={paths.userRecharge}>{t('sandbox.cancel')}</Link>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}
