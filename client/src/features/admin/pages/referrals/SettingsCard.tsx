import type { ReferralSettings } from '@contracts/referrals';
import { Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { invalidMarks } from '../../../../components/ui/invalidMarks';
import NoticeBanner from '../../../../components/ui/NoticeBanner';
import { REFERRALS } from '../../i18n/referrals';
import type { Field } from './settingsForm';
import { useSettingsForm } from './useSettingsForm';

const TEXTS = REFERRALS.settings;

/**
 * 奖励设置: the reward (0 turns rewards off), how often one inviter may be rewarded, and how many
 * days a reward's credit lasts (0 pays cash).
 */
export default function SettingsCard({ saved }: { saved: ReferralSettings }) {
  const { form, errors, notice, clearNotice, isLoading, set, submit } = useSettingsForm(saved);

  const control = (
    field: Field,
    label: string,
    inputMode: 'decimal' | 'numeric',
    help?: string,
  ) => (
    <Form.Group controlId={`referral-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        inputMode={inputMode}
        value={form[field]}
        onChange={set(field)}
        {...invalidMarks(
          errors[field] && `referral-${field}-error`,
          help && `referral-${field}-help`,
        )}
      />
      <Form.Control.Feedback type="invalid" id={`referral-${field}-error`}>
        {errors[field]}
      </Form.Control.Feedback>
      {help && <Form.Text id={`referral-${field}-help`}>{help}</Form.Text>}
    </Form.Group>
  );

  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {TEXTS.title}
        </Card.Title>
        <NoticeBanner notice={notice} onClose={clearNotice} />
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Row className="g-3">
            <Col sm={6} lg={3}>
              {control('reward', TEXTS.reward, 'decimal', TEXTS.rewardHelp)}
            </Col>
            <Col sm={6} lg={3}>
              {control('cap', TEXTS.cap, 'numeric')}
            </Col>
            <Col sm={12} lg={6}>
              {control('credit_days', TEXTS.creditDays, 'numeric', TEXTS.creditDaysHelp)}
            </Col>
          </Row>
          <Form.Text as="p" className="mt-2">
            {TEXTS.help}
          </Form.Text>
          <Button type="submit" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {TEXTS.submit}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
