import { Injectable } from '@nestjs/common';
import type { BalanceBook } from './balance-book';
import type { CodeLedger } from './code-ledger';
import type { OrderLedger } from './order-ledger';

type CreditListener = (userId: number) => Promise<void>;

/**
 * What the ledger tells others: money came in for a user (a credited order, an admin's credit, a
 * redeemed code). Listeners run before the credit's call returns, so a caller that sees the credit
 * sees its effects (the low-balance alert armed again).
 */
@Injectable()
export class LedgerEvents {
  private readonly credits = new Set<CreditListener>();

  onCredit(listener: CreditListener): () => void {
    this.credits.add(listener);
    return () => this.credits.delete(listener);
  }

  async credited(userId: number): Promise<void> {
    await Promise.all([...this.credits].map((listener) => listener(userId)));
  }
}

/** An order ledger that announces each order it credits. */
export const announcingOrders = (ledger: OrderLedger, events: LedgerEvents): OrderLedger => ({
  note: (order, state, reason) => ledger.note(order, state, reason),
  credit: async (order, adminId, audit) => {
    const outcome = await ledger.credit(order, adminId, audit);
    if (outcome.outcome === 'credited') await events.credited(order.user_id);
    return outcome;
  },
});

/** A balance book that announces each adjustment that adds money (a debit is not a credit). */
export const announcingBook = (book: BalanceBook, events: LedgerEvents): BalanceBook => ({
  adjust: async (userId, adminId, deltaMilli, reason, audit) => {
    const outcome = await book.adjust(userId, adminId, deltaMilli, reason, audit);
    if (outcome.ok && deltaMilli > 0) await events.credited(userId);
    return outcome;
  },
});

/** A code ledger that announces each redemption. */
export const announcingCodes = (ledger: CodeLedger, events: LedgerEvents): CodeLedger => ({
  redeem: async (userId, codeHash) => {
    const outcome = await ledger.redeem(userId, codeHash);
    if (outcome.ok) await events.credited(userId);
    return outcome;
  },
});
