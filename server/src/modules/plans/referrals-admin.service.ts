import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError, notFound } from '../../common/app-error';
import { formatBalance, parseYuan } from '../../common/money';
import { positionedPage } from '../../common/positioned-page';
import { MAX_REFERRAL_REWARD_MILLI } from '../../contracts/referrals';
import type {
  AdminReferralList,
  ReferralRefusal,
  ReferralSettings,
  ReferralState,
} from '../../contracts/referrals';
import { Referral, ReferralReward, SiteConfig } from '../../database/entities';
import { rowTime } from '../../database/sql-time';
import { retriedTransaction } from '../../database/transactions';
import { AuditService } from '../audit';
import type { AuditActor } from '../audit';
import { AdminReferralsQuery, ReferralSettingsDto } from './dto/referrals.dto';
import { optionalTime, paidAsOf, usernamesOf } from './referrals.service';

const rewardOutOfRange = () =>
  new AppError(
    'request.validation',
    `an invite reward must be from 0 to ${formatBalance(MAX_REFERRAL_REWARD_MILLI)}`,
    HttpStatus.BAD_REQUEST,
    {},
    'reward',
  );

const settingsOf = (config: SiteConfig): ReferralSettings => ({
  reward: formatBalance(config.referral_reward_milli),
  cap: config.referral_cap,
  credit_days: config.referral_credit_days,
});

/** 邀请奖励: the reward and cap (audited) and every referral with what it paid. */
@Injectable()
export class ReferralsAdminService {
  constructor(
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
    @InjectRepository(Referral) private readonly referrals: Repository<Referral>,
    @InjectRepository(ReferralReward) private readonly rewards: Repository<ReferralReward>,
    private readonly audit: AuditService,
  ) {}

  async settings(): Promise<ReferralSettings> {
    return settingsOf(await this.config());
  }

  /** New settings apply to referrals decided from now on; decided ones keep what they paid. */
  async save(actor: AuditActor, body: ReferralSettingsDto): Promise<ReferralSettings> {
    const reward = parseYuan(body.reward);
    if (reward === null || reward > MAX_REFERRAL_REWARD_MILLI) throw rewardOutOfRange();
    return retriedTransaction(this.configs.manager, async (manager) => {
      const repository = manager.getRepository(SiteConfig);
      const config = await repository.findOne({ where: {}, order: { id: 'ASC' } });
      if (!config) throw notFound('admin.record_not_found', 'site config not found');
      const before = settingsOf(config);
      const changed = {
        referral_reward_milli: reward,
        referral_cap: body.cap,
        referral_credit_days: body.credit_days ?? config.referral_credit_days,
      };
      await repository.update(config.id, changed);
      const after = settingsOf({ ...config, ...changed });
      await this.audit.record(
        actor,
        { action: 'update', target_type: 'referral_settings', target_id: config.id, before, after },
        manager,
      );
      return after;
    });
  }

  /**
   * Every referral, newest first (positionedPage: counted only so far, read by the index by time),
   * with how many were paid and what they were paid in all: the rewards' own rows, one a paid
   * referral, so the count does not read every referral.
   */
  async list(query: AdminReferralsQuery): Promise<AdminReferralList> {
    const [{ rows, ...info }, totals] = await Promise.all([
      positionedPage({
        list: () => this.referrals.createQueryBuilder('r'),
        time: 'r.created_at',
        id: 'r.id',
        query,
        read: (page) =>
          page
            .select(['r.id AS id', 'r.inviter_id AS inviter_id', 'r.invitee_id AS invitee_id'])
            .addSelect('r.ip', 'ip')
            .addSelect(['r.state AS state', 'r.reason AS reason', 'r.reward_milli AS reward_milli'])
            .addSelect(['r.out_trade_no AS out_trade_no', 'r.created_at AS created_at'])
            .addSelect('r.decided_at', 'decided_at')
            .getRawMany<{
              id: number;
              inviter_id: number;
              invitee_id: number;
              ip: string;
              state: ReferralState;
              reason: ReferralRefusal | null;
              reward_milli: number | string;
              out_trade_no: string | null;
              created_at: Date | string;
              decided_at: Date | string | null;
            }>(),
        position: (row) => ({ time: row.created_at, id: row.id }),
      }),
      this.rewards
        .createQueryBuilder('w')
        .select('COUNT(*)', 'rewarded')
        .addSelect('COALESCE(SUM(w.value_milli), 0)', 'paid')
        .addSelect(
          'COALESCE(SUM(CASE WHEN w.credit_grant_id IS NULL THEN 0 ELSE w.value_milli END), 0)',
          'paid_as_credit',
        )
        .getRawOne<{
          rewarded: number | string;
          paid: number | string;
          paid_as_credit: number | string;
        }>(),
    ]);
    const [names, paidAs] = await Promise.all([
      usernamesOf(
        this.referrals.manager,
        rows.flatMap((row) => [row.inviter_id, row.invitee_id]),
      ),
      paidAsOf(this.referrals.manager, rows),
    ]);
    return {
      referrals: rows.map((row) => ({
        id: Number(row.id),
        inviter_id: Number(row.inviter_id),
        inviter: names.get(Number(row.inviter_id)) ?? '',
        invitee_id: Number(row.invitee_id),
        invitee: names.get(Number(row.invitee_id)) ?? '',
        ip: row.ip,
        state: row.state,
        reason: row.reason,
        reward: formatBalance(Number(row.reward_milli)),
        paid_as: paidAs(row),
        out_trade_no: row.out_trade_no,
        created_at: rowTime(row.created_at).toISOString(),
        decided_at: optionalTime(row.decided_at),
      })),
      invited: info.total,
      rewarded: Number(totals?.rewarded ?? 0),
      paid: formatBalance(Number(totals?.paid ?? 0)),
      paid_as_credit: formatBalance(Number(totals?.paid_as_credit ?? 0)),
      ...info,
    };
  }

  private async config(): Promise<SiteConfig> {
    const config = await this.configs.findOne({ where: {}, order: { id: 'ASC' } });
    if (!config) throw notFound('admin.record_not_found', 'site config not found');
    return config;
  }
}
