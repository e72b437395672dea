import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppError, badRequest } from '../../common/app-error';
import { formatBalance, parseSignedYuan } from '../../common/money';
import { BALANCE_BOOK } from '../ledger';
import type { BalanceBook } from '../ledger';
import { AdjustBalanceBody } from './dto/adjust-balance.body';
import { adjustmentPastCeiling, balanceBelowZero, userNotFound } from './recharge.errors';
import type { AdjustedBalance } from '../../contracts/recharge';
import { auditValues } from '../audit';
import type { AuditActor } from '../audit';

/** Admin corrections to a balance, audited in balance_adjustments. */
@Injectable()
export class BalanceAdjustmentsService {
  constructor(@Inject(BALANCE_BOOK) private readonly book: BalanceBook) {}

  async adjust(actor: AuditActor, body: AdjustBalanceBody): Promise<AdjustedBalance> {
    const delta = parseSignedYuan(body.amount);
    if (delta === null) {
      throw new AppError(
        'request.validation',
        'amount must be a decimal with at most three decimal places',
        HttpStatus.BAD_REQUEST,
        {},
        'amount',
      );
    }
    if (delta === 0) throw badRequest('admin.adjust_zero', 'the amount must not be zero', 'amount');
    // The audit row is written in the adjustment's own transaction.
    const audit = (balanceMilli: number) =>
      auditValues(actor, {
        action: 'adjust_balance',
        target_type: 'user',
        target_id: body.user_id,
        before: { balance: formatBalance(balanceMilli - delta) },
        after: { balance: formatBalance(balanceMilli), amount: body.amount, reason: body.reason },
      });
    const result = await this.book.adjust(body.user_id, actor.adminId, delta, body.reason, audit);
    if (result.ok) return { balance: formatBalance(result.balance_milli) };
    if (result.reason === 'no_user') throw userNotFound();
    if (result.reason === 'below_zero') throw balanceBelowZero();
    throw adjustmentPastCeiling();
  }
}
