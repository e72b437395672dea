import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull } from 'typeorm';
import type { Repository } from 'typeorm';
import { AppError, badRequest } from '../../common/app-error';
import { formatBalance, parseYuan } from '../../common/money';
import type { CreditGrantView, GrantedCredit, UserCredit } from '../../contracts/credit';
import { MAX_GRANT_MILLI } from '../../contracts/credit';
import { CreditGrant, User } from '../../database/entities';
import { rowTime } from '../../database/sql-time';
import { auditValues } from '../audit';
import type { AuditActor } from '../audit';
import { CREDIT_BOOK, settle } from '../ledger';
import type { CreditBook } from '../ledger';
import type { GrantCreditDto } from './dto/credit.dto';

/** The most grants get_credit.php lists: the newest. */
const GRANTS_SHOWN = 50;

const iso = (value: Date | string | null) => (value === null ? null : rowTime(value).toISOString());

/** Credit grants: given by administrators, spent by the gateway's charge before cash (ADR 050). */
@Injectable()
export class CreditService {
  constructor(
    @Inject(CREDIT_BOOK) private readonly book: CreditBook,
    @InjectRepository(CreditGrant) private readonly grants: Repository<CreditGrant>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  async grant(actor: AuditActor, body: GrantCreditDto): Promise<GrantedCredit> {
    const amount = parseYuan(body.amount);
    if (amount === null || amount <= 0 || amount > MAX_GRANT_MILLI) {
      throw badRequest(
        'credit.amount',
        'the amount must be more than 0 and at most 100000',
        'amount',
      );
    }
    const expiresAt = new Date(body.expires_at);
    const note = body.note ?? '';
    const outcome = await this.book.grant(
      {
        userId: body.user_id,
        amountMilli: amount,
        expiresAt,
        reason: body.reason,
        note,
        adminId: actor.adminId,
      },
      (creditMilli) =>
        auditValues(actor, {
          action: 'grant_credit',
          target_type: 'user',
          target_id: body.user_id,
          before: { credit: formatBalance(creditMilli - amount) },
          after: {
            credit: formatBalance(creditMilli),
            amount: formatBalance(amount),
            expires_at: expiresAt.toISOString(),
            reason: body.reason,
            note,
          },
        }),
    );
    if (outcome.ok)
      return { grant_id: outcome.grantId, credit: formatBalance(outcome.credit_milli) };
    if (outcome.reason === 'no_user') {
      throw new AppError('users.not_found', 'user not found', HttpStatus.NOT_FOUND, {}, 'user_id');
    }
    if (outcome.reason === 'past') {
      throw badRequest('credit.expired', 'the expiry must be in the future', 'expires_at');
    }
    throw new AppError(
      'credit.ceiling',
      'this grant would take the credit past the most an account may hold',
      HttpStatus.CONFLICT,
      {},
      'amount',
    );
  }

  /**
   * The user's credit and grants. What calls spent since the user's last grant event is put on the
   * grants here as that event will (soonest-expiring first), and a grant past its expiry shows
   * what will expire of it: each grant is shown as it stands now.
   */
  async ofUser(userId: number): Promise<UserCredit> {
    const [user, grants, open] = await Promise.all([
      this.users.findOne({
        where: { id: userId },
        select: { id: true, credit_milli: true, credit_until: true },
      }),
      this.grants.find({ where: { user_id: userId }, order: { id: 'DESC' }, take: GRANTS_SHOWN }),
      this.grants.find({ where: { user_id: userId, closed_at: IsNull() } }),
    ]);
    const credit = Number(user?.credit_milli ?? 0);
    const now = settleShown(open, credit);
    return {
      credit: formatBalance(credit),
      credit_until: user?.credit_until ? iso(user.credit_until) : null,
      grants: grants.map((g): CreditGrantView => {
        const left = now.lefts.get(g.id) ?? Number(g.left_milli);
        const expiring = now.closed.get(g.id);
        return {
          id: g.id,
          amount: formatBalance(Number(g.amount_milli)),
          left: formatBalance(expiring === undefined ? left : 0),
          expired: formatBalance(Number(g.expired_milli) + (expiring ?? 0)),
          reason: g.reason,
          note: g.note,
          expires_at: iso(g.expires_at)!,
          created_at: iso(g.created_at)!,
          closed_at: iso(g.closed_at) ?? (expiring === undefined ? null : iso(g.expires_at)),
        };
      }),
    };
  }
}

/** The open grants settled as the user's next grant event will settle them. */
const settleShown = (open: readonly CreditGrant[], credit: number) =>
  settle(
    open.map((g) => ({
      id: g.id,
      amount: Number(g.amount_milli),
      left: Number(g.left_milli),
      expires: rowTime(g.expires_at).getTime(),
    })),
    credit,
    Date.now(),
  );
