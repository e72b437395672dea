import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { In, Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { requestDeviceHash } from '../../common/device-cookie';
import { formatBalance } from '../../common/money';
import { positionedPage } from '../../common/positioned-page';
import { mailLinkBase } from '../../common/site-base';
import { inviteCodeOf } from '../../contracts/referrals';
import type {
  InviteSummary,
  ReferralList,
  ReferralPaidAs,
  ReferralRefusal,
  ReferralState,
} from '../../contracts/referrals';
import { USER_STATUS } from '../../contracts/users';
import {
  Referral,
  ReferralInviter,
  ReferralMark,
  ReferralReward,
  Session,
  SiteConfig,
  User,
  UserDevice,
} from '../../database/entities';
import { rowTime } from '../../database/sql-time';
import { isUniqueViolation } from '../../database/transactions';
import { ReferralsQuery } from './dto/referrals.dto';
import { randomChars } from './redeem-codes';

const INVITE_CODE_CHARS = 10;

/** An invitee's name as its inviter sees it: the first two characters. */
export const maskedName = (username: string) => `${[...username].slice(0, 2).join('')}***`;

export const optionalTime = (value: Date | string | null) =>
  value === null ? null : rowTime(value).toISOString();

/**
 * The names of a page's users, read by id after the page: a list joined to users before its
 * order and limit may be planned from the users' side, sorting every referral.
 */
export async function usernamesOf(
  manager: EntityManager,
  ids: readonly (number | string)[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const users = await manager.getRepository(User).find({
    where: { id: In([...new Set(ids.map(Number))]) },
    select: { id: true, username: true },
  });
  return new Map(users.map((user) => [user.id, user.username]));
}

/**
 * What each of a page's referrals paid in, read after the page from their rewards' rows (one a
 * rewarded referral): `paidAs(row)` is null unless the referral was rewarded.
 */
export async function paidAsOf(
  manager: EntityManager,
  referrals: readonly { id: number | string; state: ReferralState }[],
): Promise<(referral: { id: number | string; state: ReferralState }) => ReferralPaidAs> {
  const rewarded = referrals.filter((r) => r.state === 'rewarded').map((r) => Number(r.id));
  const rewards =
    rewarded.length === 0
      ? []
      : await manager.getRepository(ReferralReward).find({
          where: { referral_id: In(rewarded) },
          select: { referral_id: true, credit_grant_id: true },
        });
  const credit = new Set(
    rewards.filter((w) => w.credit_grant_id !== null).map((w) => Number(w.referral_id)),
  );
  return (referral) => {
    if (referral.state !== 'rewarded') return null;
    return credit.has(Number(referral.id)) ? 'credit' : 'cash';
  };
}

/**
 * Invite links: each user's code (made the first time it is asked for), the referral a registration
 * through it makes, and the inviter's list. The reward itself is paid by the ledger, in the
 * transaction that credits the invitee's first recharge (ledger/referral-reward.ts).
 */
@Injectable()
export class ReferralsService {
  constructor(
    @InjectRepository(ReferralInviter) private readonly inviters: Repository<ReferralInviter>,
    @InjectRepository(Referral) private readonly referrals: Repository<Referral>,
    @InjectRepository(SiteConfig) private readonly configs: Repository<SiteConfig>,
  ) {}

  /**
   * Records, in the registration's transaction, that the new account came through `invite`. A code
   * that matches no active user is ignored: the registration goes ahead without a referral. What
   * registration can tell against the referral is kept as its flag (see flagOf).
   */
  async attach(
    manager: EntityManager,
    inviteeId: number,
    invite: string | undefined,
    request: FastifyRequest,
  ): Promise<void> {
    const code = inviteCodeOf(invite);
    if (code === null) return;
    const inviter = await manager
      .getRepository(ReferralInviter)
      .createQueryBuilder('i')
      .innerJoin(User, 'u', 'u.id = i.user_id')
      .select('i.user_id', 'user_id')
      .where('i.code = :code AND u.status = :active', { code, active: USER_STATUS.active })
      .getRawOne<{ user_id: number }>();
    if (!inviter) return;
    const inviterId = Number(inviter.user_id);
    const flag = await this.flagOf(manager, inviterId, request);
    await manager.getRepository(Referral).insert({
      inviter_id: inviterId,
      invitee_id: inviteeId,
      ip: request.ip,
      state: 'waiting',
      flag,
      reason: null,
      reward_milli: 0,
      out_trade_no: null,
      decided_at: null,
    });
  }

  /** The caller's code and link, the reward on offer and how its invitees have done. */
  async invite(userId: number, request: FastifyRequest): Promise<InviteSummary> {
    const code = await this.codeOf(userId);
    const [config, totals] = await Promise.all([
      this.configs.findOne({ where: {}, order: { id: 'ASC' } }),
      this.referrals
        .createQueryBuilder('r')
        .select('COUNT(*)', 'invited')
        .addSelect("SUM(CASE WHEN r.state = 'rewarded' THEN 1 ELSE 0 END)", 'rewarded')
        .addSelect('COALESCE(SUM(r.reward_milli), 0)', 'earned')
        .where('r.inviter_id = :userId', { userId })
        .getRawOne<{
          invited: number | string;
          rewarded: number | string | null;
          earned: number | string;
        }>(),
    ]);
    const path = `/register?invite=${code}`;
    return {
      code,
      url: `${mailLinkBase(config?.site_url ?? '', request)}${path}`,
      reward: formatBalance(config?.referral_reward_milli ?? 0),
      cap: config?.referral_cap ?? 0,
      credit_days: config?.referral_credit_days ?? 0,
      invited: Number(totals?.invited ?? 0),
      rewarded: Number(totals?.rewarded ?? 0),
      earned: formatBalance(Number(totals?.earned ?? 0)),
    };
  }

  /**
   * The caller's invitees, newest first: counted only so far past the page and, with `before`,
   * read from that invitee on by the inviter's index by time (positionedPage).
   */
  async list(userId: number, query: ReferralsQuery): Promise<ReferralList> {
    const { rows, ...info } = await positionedPage({
      list: () =>
        this.referrals.createQueryBuilder('r').where('r.inviter_id = :userId', { userId }),
      time: 'r.created_at',
      id: 'r.id',
      query,
      read: (page) =>
        page
          .select(['r.id AS id', 'r.invitee_id AS invitee_id', 'r.state AS state'])
          .addSelect(['r.reason AS reason', 'r.reward_milli AS reward_milli'])
          .addSelect(['r.created_at AS created_at', 'r.decided_at AS decided_at'])
          .getRawMany<{
            id: number;
            invitee_id: number;
            state: ReferralState;
            reason: ReferralRefusal | null;
            reward_milli: number | string;
            created_at: Date | string;
            decided_at: Date | string | null;
          }>(),
      position: (row) => ({ time: row.created_at, id: row.id }),
    });
    const [names, paidAs] = await Promise.all([
      usernamesOf(
        this.referrals.manager,
        rows.map((row) => row.invitee_id),
      ),
      paidAsOf(this.referrals.manager, rows),
    ]);
    return {
      referrals: rows.map((row) => ({
        id: Number(row.id),
        invitee: maskedName(names.get(Number(row.invitee_id)) ?? ''),
        state: row.state,
        reason: row.reason,
        reward: formatBalance(Number(row.reward_milli)),
        paid_as: paidAs(row),
        created_at: rowTime(row.created_at).toISOString(),
        decided_at: optionalTime(row.decided_at),
      })),
      ...info,
    };
  }

  /** The user's invite code, made on first use; two first uses at once agree on one. */
  private async codeOf(userId: number): Promise<string> {
    for (;;) {
      const found = await this.inviters.findOneBy({ user_id: userId });
      if (found) return found.code;
      try {
        const code = randomChars(INVITE_CODE_CHARS);
        await this.inviters.insert({ user_id: userId, code, rewarded: 0 });
        return code;
      } catch (error) {
        // Another first use made the row (read it next turn), or the code was taken (make another).
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * What registration holds against a referral: the inviter signed in from the invitee's address or
   * browser (inviting itself), or an earlier invitee of the inviter came from the same address or
   * browser (a farm pays once). The marks are unique rows, so of invitees registering at once from
   * one address, one makes the mark and the others find it.
   */
  private async flagOf(
    manager: EntityManager,
    inviterId: number,
    request: FastifyRequest,
  ): Promise<ReferralRefusal | null> {
    const ip = request.ip;
    const device = requestDeviceHash(request);
    const ownAddress = await manager
      .getRepository(Session)
      .existsBy({ kind: 'user', subject_id: inviterId, ip });
    const ownDevice =
      device !== null &&
      (await manager
        .getRepository(UserDevice)
        .existsBy({ user_id: inviterId, device_hash: device }));
    const newAddress = await this.mark(manager, inviterId, `a:${ip}`);
    const newDevice = device === null || (await this.mark(manager, inviterId, `d:${device}`));
    if (ownAddress) return 'own_address';
    if (ownDevice) return 'own_device';
    if (!newAddress) return 'same_address';
    return newDevice ? null : 'same_device';
  }

  /** Makes the inviter's mark; false when an earlier invitee made it. */
  private async mark(manager: EntityManager, inviterId: number, mark: string): Promise<boolean> {
    try {
      await manager.getRepository(ReferralMark).insert({ inviter_id: inviterId, mark });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
