import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useQueryParams } from '../../../lib/useQueryParams';
import { useSiteStatementQuery } from '../api';
import { STATEMENTS } from '../i18n/statements';
import SiteMonthCard from './statements/SiteMonthCard';
import UserStatementCard from './statements/UserStatementCard';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 月度账单: the whole site's month for the books and, given a user id, that user's statement. */
export default function StatementsPage() {
  usePageTitle(STATEMENTS.title);
  const [params, setParams] = useQueryParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : undefined;
  const userId = Number(params.get('user_id'));
  const forUser = Number.isSafeInteger(userId) && userId > 0 ? userId : undefined;
  const [draft, setDraft] = useState({ month: month ?? '', user: forUser ? String(forUser) : '' });
  const draftUser = draft.user.trim();
  const badUser = draftUser !== '' && !/^[1-9]\d{0,9}$/.test(draftUser);

  const site = useSiteStatementQuery(month, { refetchOnMountOrArgChange: true });

  const show = () => {
    if (badUser) return;
    setParams((next) => {
      for (const [name, value] of [
        ['month', draft.month],
        ['user_id', draftUser],
      ]) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
    });
  };

  return (
    <section>
      <h1 className="h3 mb-2">{STATEMENTS.title}</h1>
      <p className="text-body-secondary">{STATEMENTS.intro}</p>
      <Form
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
      >
        <Row className="g-2 align-items-end">
          <Col xs={6} md="auto">
            <Form.Group controlId="statement-month">
              <Form.Label className="small mb-1">{STATEMENTS.month}</Form.Label>
              <Form.Control
                type="month"
                size="sm"
                value={draft.month || site.data?.data.month || ''}
                onChange={(e) => setDraft({ ...draft, month: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col xs={6} md="auto">
            <Form.Group controlId="statement-user">
              <Form.Label className="small mb-1">{STATEMENTS.userId}</Form.Label>
              <Form.Control
                size="sm"
                inputMode="numeric"
                value={draft.user}
                isInvalid={badUser}
                onChange={(e) => setDraft({ ...draft, user: e.target.value })}
              />
              <Form.Control.Feedback type="invalid">{STATEMENTS.badUserId}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col xs="auto">
            <Button type="submit" size="sm">
              {STATEMENTS.show}
            </Button>
          </Col>
        </Row>
      </Form>
      <Row className="g-3">
        <Col lg={6}>
          <SiteMonthCard month={site.data?.data} error={site.error} />
        </Col>
        {forUser !== undefined && (
          <Col lg={6}>
            <UserStatementCard userId={forUser} month={month} />
          </Col>
        )}
      </Row>
    </section>
  );
}
