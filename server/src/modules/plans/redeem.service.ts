import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { formatBalance } from '../../common/money';
import { pageInfo, pageSlice } from '../../common/paging';
import { RateLimiter } from '../../common/rate-limiter';
import { unseal } from '../../common/sealed';
import type { RedeemedCode, RedemptionList } from '../../contracts/redeem';
import { ContentEvents } from '../../common/content-events';
import { Plan, RedeemBatch, RedeemCode, Redemption } from '../../database/entities';
import { rowTime } from '../../database/sql-time';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { CODE_LEDGER } from '../ledger';
import type { CodeLedger } from '../ledger';
import { RedemptionsQuery } from './dto/redeem.dto';
import { CODE_SEAL_PURPOSE, codeHasher, codeHint, normalizeCode } from './redeem-codes';
import { RedeemErrors } from './redeem.errors';

/** The recharge centre's "Redeem a code": attempts limited per user and address, money by the ledger. */
@Injectable()
export class RedeemService {
  private readonly hash: (code: string) => string;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(CODE_LEDGER) private readonly ledger: CodeLedger,
    @InjectRepository(Redemption) private readonly redemptions: Repository<Redemption>,
    private readonly limiter: RateLimiter,
    private readonly events: ContentEvents,
  ) {
    this.hash = codeHasher(env.APP_SECRET);
  }

  async redeem(userId: number, ip: string, typed: string): Promise<RedeemedCode> {
    const [perUser, perIp] = await Promise.all([
      this.limiter.hit(`redeem-user:${userId}`, this.env.REDEEM_ATTEMPTS_PER_USER_PER_MINUTE),
      this.limiter.hit(`redeem-ip:${ip}`, this.env.REDEEM_ATTEMPTS_PER_IP_PER_MINUTE),
    ]);
    const refused = [perUser, perIp].filter((limit) => !limit.allowed);
    if (refused.length > 0) {
      throw RedeemErrors.rateLimited(Math.max(...refused.map((limit) => limit.resetSeconds)));
    }
    const code = normalizeCode(typed);
    if (code === null) throw RedeemErrors.refused('invalid_code');
    const outcome = await this.ledger.redeem(userId, this.hash(code));
    if (!outcome.ok) throw RedeemErrors.refused(outcome.reason);
    // A plan started: the gateway's coverage of the user, on every instance, is read again.
    if (outcome.plan) await this.events.changed('subscriptions');
    return {
      kind: outcome.kind,
      amount: formatBalance(outcome.value_milli),
      balance: formatBalance(outcome.balance_milli),
      ...(outcome.credit && {
        credit: formatBalance(outcome.credit.credit_milli),
        credit_expires_at: outcome.credit.expires_at.toISOString(),
      }),
      ...(outcome.plan && {
        plan: {
          id: outcome.plan.id,
          name: outcome.plan.name,
          name_en: outcome.plan.name_en,
          period_end: outcome.plan.period_end.toISOString(),
        },
      }),
    };
  }

  /** The user's redemptions, newest first, each with the end of its code. */
  async list(userId: number, query: RedemptionsQuery): Promise<RedemptionList> {
    const { skip, take } = pageSlice(query);
    const [rows, total] = await Promise.all([
      this.redemptions
        .createQueryBuilder('r')
        .innerJoin(RedeemCode, 'c', 'c.id = r.code_id')
        .leftJoin(RedeemBatch, 'b', "b.id = r.batch_id AND r.kind = 'plan'")
        .leftJoin(Plan, 'p', 'p.id = b.plan_id')
        .select(['r.id AS id', 'r.kind AS kind', 'r.value_milli AS value_milli'])
        .addSelect(['r.created_at AS created_at', 'c.code_sealed AS code_sealed'])
        .addSelect(['p.name AS plan_name', 'p.name_en AS plan_name_en'])
        .where('r.user_id = :userId', { userId })
        .orderBy('r.id', 'DESC')
        .offset(skip)
        .limit(take)
        .getRawMany<{
          id: number;
          kind: RedeemedCode['kind'];
          value_milli: number | string;
          created_at: Date | string;
          code_sealed: string;
          plan_name: string | null;
          plan_name_en: string | null;
        }>(),
      this.redemptions.count({ where: { user_id: userId } }),
    ]);
    return {
      redemptions: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        amount: formatBalance(Number(row.value_milli)),
        plan:
          row.plan_name === null ? null : { name: row.plan_name, name_en: row.plan_name_en ?? '' },
        code_hint: codeHint(unseal(row.code_sealed, this.env.APP_SECRET, CODE_SEAL_PURPOSE) ?? ''),
        created_at: rowTime(row.created_at).toISOString(),
      })),
      ...pageInfo(total, query),
    };
  }
}
