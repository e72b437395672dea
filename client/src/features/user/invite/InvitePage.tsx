import type { InviteSummary } from '@contracts/referrals';
import { useRef } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import ErrorBanner from '../../../components/ui/ErrorBanner';
import Loading from '../../../components/ui/Loading';
import { useCopy } from '../../../components/ui/useCopy';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useI18n } from '../../../i18n';
import { formatYuan } from '../../../lib/money';
import { useGetInviteQuery } from './api';
import InviteesCard from './InviteesCard';

/** The link as the visitor will open it: the server gives only its path when it has no address. */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/** The link to share, with a copy button that says (and announces) that it copied. */
function InviteLink({ link }: { link: string }) {
  const { t } = useI18n();
  const { state, copy } = useCopy();
  const input = useRef<HTMLInputElement>(null);
  const outcome =
    state === 'copied' ? t('code.copied') : state === 'failed' ? t('code.copyFailed') : '';
  return (
    <Form.Group controlId="invite-link" className="mb-3">
      <Form.Label className="fw-semibold">{t('invite.link')}</Form.Label>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          ref={input}
          readOnly
          className="font-monospace portico-key-field"
          value={link}
          aria-describedby="invite-link-help"
          onFocus={(e) => e.target.select()}
        />
        <Button
          variant="outline-secondary"
          onClick={() => {
            // Selected too, so that where the clipboard is refused the link is ready to copy by hand.
            input.current?.select();
            void copy(link);
          }}
        >
          {outcome || t('code.copy')}
        </Button>
      </div>
      <span className="visually-hidden" role="status">
        {outcome}
      </span>
      <Form.Text id="invite-link-help">{t('invite.share')}</Form.Text>
    </Form.Group>
  );
}

/** The link, what it earns (or that rewards are off) and how it has done so far. */
function InviteCard({ summary }: { summary: InviteSummary }) {
  const { t } = useI18n();
  // Rewards are off when the reward on offer is zero ("0.00"): no digit but zeros.
  const off = !/[1-9]/.test(summary.reward);
  return (
    <Card className="mb-4">
      <Card.Body>
        <InviteLink link={absolute(summary.url)} />
        <p data-testid="invite-reward">
          {off
            ? t('invite.off')
            : summary.credit_days > 0
              ? t('invite.rewardCredit', {
                  amount: formatYuan(summary.reward),
                  valid:
                    summary.credit_days === 1
                      ? t('invite.day')
                      : t('invite.days', { days: summary.credit_days }),
                  cap: summary.cap,
                })
              : t('invite.reward', { amount: formatYuan(summary.reward), cap: summary.cap })}
        </p>
        <dl className="row mb-0">
          <dt className="col-6 col-sm-3">{t('invite.invited')}</dt>
          <dd className="col-6 col-sm-9" data-testid="invite-invited">
            {summary.invited}
          </dd>
          <dt className="col-6 col-sm-3">{t('invite.rewarded')}</dt>
          <dd className="col-6 col-sm-9" data-testid="invite-rewarded">
            {summary.rewarded}
          </dd>
          <dt className="col-6 col-sm-3">{t('invite.earned')}</dt>
          <dd className="col-6 col-sm-9 mb-0" data-testid="invite-earned">
            {formatYuan(summary.earned)}
          </dd>
        </dl>
      </Card.Body>
    </Card>
  );
}

/** 邀请好友 / Invite friends: the user's invite link, its reward and the people it brought. */
export default function InvitePage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('invite.title'));
  const { data, error, isLoading } = useGetInviteQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <>
      <h1 className="h3 mb-3">{t('invite.title')}</h1>
      {isLoading ? (
        <Loading />
      ) : error || !data ? (
        <ErrorBanner messages={[errorText(error, 'invite.failed')]} />
      ) : (
        <InviteCard summary={data} />
      )}
      <InviteesCard />
    </>
  );
}
