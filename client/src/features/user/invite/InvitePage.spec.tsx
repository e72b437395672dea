import type { InviteSummary, ReferralList, ReferralView } from '@contracts/referrals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { I18nProvider, type Lang } from '../../../i18n';
import { failure, http, ok, server } from '../../../test/server';
import InvitePage from './InvitePage';

const SUMMARY: InviteSummary = {
  code: 'ABCDEFGHJK',
  url: 'https://api.example.com/register?invite=ABCDEFGHJK',
  reward: '5.00',
  cap: 10,
  credit_days: 0,
  invited: 3,
  rewarded: 1,
  earned: '5.00',
};

const referral = (id: number, more: Partial<ReferralView>): ReferralView => ({
  id,
  invitee: `u${id}***`,
  state: 'waiting',
  reason: null,
  reward: '0.00',
  paid_as: null,
  created_at: '2026-11-20T08:00:00.000Z',
  decided_at: null,
  ...more,
});

const REFERRALS = [
  referral(3, {}),
  referral(4, {
    state: 'rewarded',
    reward: '3.00',
    paid_as: 'credit',
    decided_at: '2026-11-22T08:00:00.000Z',
  }),
  referral(2, {
    state: 'rewarded',
    reward: '5.00',
    paid_as: 'cash',
    decided_at: '2026-11-21T08:00:00.000Z',
  }),
  referral(1, { state: 'refused', reason: 'own_address', decided_at: '2026-11-21T09:00:00.000Z' }),
];

/** Answers the page's two reads; returns the list pages asked for. */
function serve(summary: InviteSummary = SUMMARY, list: Partial<ReferralList> = {}) {
  const pages: string[] = [];
  server.use(
    http.get('/api/user/get_invite.php', () => ok(summary)),
    http.get('/api/user/get_referrals.php', ({ request }) => {
      pages.push(new URL(request.url).searchParams.get('page') ?? '');
      return ok({
        referrals: REFERRALS,
        total: REFERRALS.length,
        total_pages: 1,
        current_page: 1,
        ...list,
      });
    }),
  );
  return pages;
}

function show(lang: Lang = 'en') {
  render(
    <Provider store={makeStore()}>
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <InvitePage />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('InvitePage', () => {
  it('shows the link, the reward, the counts and each invitee’s state', async () => {
    const pages = serve();
    show();
    const link = await screen.findByRole('textbox', { name: 'Your invite link' });
    expect(link).toHaveValue(SUMMARY.url);
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByTestId('invite-reward')).toHaveTextContent(
      'You get ¥5.00 when someone you invite makes their first recharge, up to 10 rewards.',
    );
    expect(screen.getByTestId('invite-invited')).toHaveTextContent('3');
    expect(screen.getByTestId('invite-rewarded')).toHaveTextContent('1');
    expect(screen.getByTestId('invite-earned')).toHaveTextContent('¥5.00');

    const table = await screen.findByRole('table', { name: 'People you invited' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Invitee', 'Registered', 'State']);
    expect(rowOf('u3***')).toHaveTextContent('Waiting for first recharge');
    expect(rowOf('u2***')).toHaveTextContent('Rewarded ¥5.00');
    expect(rowOf('u2***')).not.toHaveTextContent('credit');
    expect(rowOf('u4***')).toHaveTextContent('Rewarded ¥3.00 of credit');
    expect(rowOf('u1***')).toHaveTextContent('No reward — registered from your own network');
    expect(pages).toEqual(['1']);
  });

  it.each([
    [
      30,
      'en',
      'You get ¥5.00 of credit, valid for 30 days, when someone you invite makes their first recharge, up to 10 rewards. Credit pays for calls before your balance does.',
    ],
    [1, 'en', 'You get ¥5.00 of credit, valid for 1 day, when'],
    [
      7,
      'zh',
      '你邀请的用户首次充值后，你将获得 ¥5.00 赠金（7 天内有效，调用时先于余额使用），最多奖励 10 次。',
    ],
  ] as const)('says a reward paid as credit lasting %i days (%s)', async (days, lang, text) => {
    serve({ ...SUMMARY, credit_days: days });
    show(lang);
    expect(await screen.findByTestId('invite-reward')).toHaveTextContent(text);
  });

  it('reads the next page of invitees from the last row of this one, others by number', async () => {
    serve();
    const asked: string[] = [];
    server.use(
      http.get('/api/user/get_referrals.php', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        asked.push(`${page} ${params.get('before') ?? '-'}`);
        return ok({
          referrals: [{ ...REFERRALS[0], id: page, invitee: `p${page}***` }],
          total: 30,
          total_pages: 3,
          current_page: page,
          total_capped: false,
          next_before: `2026-11-20T08:00:0${page}_${page}`,
        });
      }),
    );
    const user = userEvent.setup();
    show();
    await screen.findByText('p1***');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('p2***');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('p1***');
    expect(asked).toEqual(['1 -', '2 2026-11-20T08:00:01_1', '1 -']);
  });

  it('copies the link and says so, to the eye and to a screen reader', async () => {
    serve();
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(copied).toEqual([SUMMARY.url]);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Copied')).toBe(
      true,
    );
  });

  it('puts the page’s own address before a link the server gave as a path', async () => {
    serve({ ...SUMMARY, url: '/register?invite=ABCDEFGHJK' });
    show();
    expect(await screen.findByRole('textbox', { name: 'Your invite link' })).toHaveValue(
      `${window.location.origin}/register?invite=ABCDEFGHJK`,
    );
  });

  it('says when rewards are off, and when no one has come yet', async () => {
    serve(
      { ...SUMMARY, reward: '0.00', invited: 0, rewarded: 0, earned: '0.00' },
      { referrals: [], total: 0, total_pages: 0 },
    );
    show();
    expect(await screen.findByTestId('invite-reward')).toHaveTextContent(
      'Invite rewards are off at the moment.',
    );
    expect(await screen.findByText('No one has registered through your link yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads in 中文', async () => {
    serve();
    show('zh');
    expect(await screen.findByRole('heading', { name: '邀请好友', level: 1 })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: '你的邀请链接' })).toHaveValue(SUMMARY.url);
    expect(screen.getByTestId('invite-reward')).toHaveTextContent(
      '你邀请的用户首次充值后，你将获得 ¥5.00，最多奖励 10 次。',
    );
    await screen.findByRole('table', { name: '你邀请的用户' });
    expect(rowOf('u3***')).toHaveTextContent('等待首次充值');
    expect(rowOf('u2***')).toHaveTextContent('已奖励 ¥5.00');
    expect(rowOf('u4***')).toHaveTextContent('已奖励 ¥3.00 赠金');
    expect(rowOf('u1***')).toHaveTextContent('未奖励：从你自己的网络注册');
  });

  it('says the link could not be had', async () => {
    serve();
    server.use(http.get('/api/user/get_invite.php', () => failure(500)));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get your invite link.');
  });
});
