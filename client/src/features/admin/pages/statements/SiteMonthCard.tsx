import type { SiteMonth } from '@contracts/statements';
import { Card } from 'react-bootstrap';
import Loading from '../../../../components/ui/Loading';
import { formatTime } from '../../../../lib/formatTime';
import { adminErrorText } from '../../errors';
import { COMMON } from '../../i18n/common';
import { STATEMENTS } from '../../i18n/statements';
import Figures from './Figures';

const time = (iso: string) => formatTime(iso, 'zh-CN');

/** 全站合计: every user's month added up, for the books. */
export default function SiteMonthCard({ month, error }: { month?: SiteMonth; error: unknown }) {
  return (
    <Card>
      <Card.Header>{STATEMENTS.site}</Card.Header>
      <Card.Body>
        {error ? (
          <div className="alert alert-danger mb-0" role="alert">
            {adminErrorText(error, { failed: STATEMENTS.failed })}
          </div>
        ) : !month ? (
          <Loading label={COMMON.loading} />
        ) : (
          <>
            <p className="small text-body-secondary">
              {STATEMENTS.period(time(month.from), time(month.to), month.time_zone)}
              {month.running && ` ${STATEMENTS.running}`}
            </p>
            <Figures totals={month} testId="site-figures" />
            <p className="small mt-2 mb-0">{STATEMENTS.users(month.users)}</p>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
