import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { csvLine, UTF8_BOM } from '../../common/csv';
import { formatBalance } from '../../common/money';
import { monthBounds, monthOf } from '../../common/quota-period';
import type { MonthlyStatement, MonthTotals, SiteMonth } from '../../contracts/statements';
import { rowTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { DAY_TOTALS_SERIES, hourWatermark, rollupWatermark, siteSpan, userSpan } from '../ledger';
import type { Span, SpanMoves } from '../ledger';

const totals = (moves: SpanMoves): MonthTotals => ({
  opening_balance: formatBalance(moves.opening_milli),
  recharged: formatBalance(moves.recharged_milli),
  adjusted: formatBalance(moves.adjusted_milli),
  redeemed: formatBalance(moves.redeemed_milli),
  referred: formatBalance(moves.referred_milli),
  plans: formatBalance(moves.plans_milli),
  charged: formatBalance(moves.charged_milli),
  closing_balance: formatBalance(moves.closing_milli),
  calls: moves.calls,
  free_calls: moves.free_calls,
});

/** The CSV's figure rows, in the statement's order, then its lines' header. */
const CSV_TEXT = {
  en: {
    month: 'Month',
    zone: 'Time zone',
    opening: 'Opening balance',
    recharged: 'Recharges',
    adjusted: 'Adjustments',
    redeemed: 'Redeem codes',
    referred: 'Invite rewards',
    plans: 'Plans bought',
    charged: 'Paid calls',
    closing: 'Closing balance',
    running: 'Month still running: closing balance as of',
    lines: ['API id', 'API', 'Paid calls', 'Free calls', 'Charged'],
  },
  zh: {
    month: '月份',
    zone: '时区',
    opening: '期初余额',
    recharged: '充值',
    adjusted: '余额调整',
    redeemed: '兑换码',
    referred: '邀请奖励',
    plans: '购买套餐',
    charged: '付费调用',
    closing: '期末余额',
    running: '本月尚未结束，期末余额截至',
    lines: ['API 编号', 'API', '付费调用次数', '免费调用次数', '扣费'],
  },
} as const;

/**
 * Monthly statements: a user's month and the whole site's, read from the ledger's rows (see
 * ledger/statement.ts) in calendar months of SITE_TIME_ZONE.
 */
@Injectable()
export class StatementsService {
  private readonly timeZone: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.timeZone = env.SITE_TIME_ZONE;
  }

  /**
   * The month's bounds and how far the rollups go; a month that has not started is refused,
   * nothing is read.
   */
  private async window(month: string | undefined) {
    const now = Date.now();
    const current = monthOf(now, this.timeZone);
    const key = month ?? current;
    if (key > current) {
      throw new AppError(
        'statements.future_month',
        `${key} has not started yet; the latest statement is ${current}`,
        HttpStatus.BAD_REQUEST,
        {},
        'month',
      );
    }
    const { from, to } = monthBounds(key, this.timeZone);
    const span: Span = {
      from: new Date(from),
      to: new Date(to),
      fromDay: `${key}-01`,
      toDay: `${monthOf(to, this.timeZone)}-01`,
      watermark: await rollupWatermark(this.dataSource, this.timeZone),
      totals: await rollupWatermark(this.dataSource, this.timeZone, DAY_TOTALS_SERIES),
      hours: await hourWatermark(this.dataSource, this.timeZone),
    };
    return {
      span,
      current,
      heading: {
        month: key,
        time_zone: this.timeZone,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        running: to > now,
      },
    };
  }

  async userMonth(userId: number, month?: string): Promise<MonthlyStatement> {
    const window = await this.window(month);
    const [span, [owner]] = await Promise.all([
      userSpan(this.dataSource, userId, window.span),
      this.dataSource.query<{ created_at: Date | string }[]>(
        'SELECT created_at FROM users WHERE id = ?',
        [userId],
      ),
    ]);
    if (!span || !owner) {
      throw new AppError('users.not_found', 'user not found', HttpStatus.NOT_FOUND);
    }
    return {
      ...window.heading,
      first_month: monthOf(rowTime(owner.created_at).getTime(), this.timeZone),
      current_month: window.current,
      ...totals(span.moves),
      lines: span.lines.map((line) => ({
        api_id: line.api_id,
        api_name: line.api_name,
        api_title_en: line.api_title_en,
        calls: line.calls,
        free_calls: line.free_calls,
        charged: formatBalance(line.charged_milli),
      })),
    };
  }

  async siteMonth(month?: string): Promise<SiteMonth> {
    const window = await this.window(month);
    const span = await siteSpan(this.dataSource, window.span);
    return {
      ...window.heading,
      users: span.users,
      ...totals(span.moves),
    };
  }

  /** The statement as a spreadsheet reads it: the figures, a blank row, then a row per API. */
  csv(statement: MonthlyStatement, lang: 'en' | 'zh'): string {
    const text = CSV_TEXT[lang];
    const figures: [string, string][] = [
      [text.month, statement.month],
      [text.zone, statement.time_zone],
      [text.opening, statement.opening_balance],
      [text.recharged, statement.recharged],
      [text.adjusted, statement.adjusted],
      [text.redeemed, statement.redeemed],
      [text.referred, statement.referred],
      [text.charged, statement.charged],
      [text.plans, statement.plans],
      [text.closing, statement.closing_balance],
    ];
    if (statement.running) figures.push([text.running, new Date().toISOString()]);
    const lines = statement.lines.map((line) =>
      csvLine([
        line.api_id,
        (lang === 'en' && line.api_title_en) || line.api_name,
        line.calls,
        line.free_calls,
        line.charged,
      ]),
    );
    return [
      UTF8_BOM,
      ...figures.map((row) => csvLine(row)),
      '\r\n',
      csvLine(text.lines),
      ...lines,
    ].join('');
  }
}
