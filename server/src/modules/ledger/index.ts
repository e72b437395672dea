/** What other features may take from ledger/ (the layer rules allow no deeper import). */
export { BALANCE_BOOK } from './balance-book';
export type { BalanceBook } from './balance-book';
export { ChargeNotTried, ChargeQueue } from './charge-queue';
export { CODE_LEDGER } from './code-ledger';
export { CREDIT_BOOK, settle } from './credit-book';
export type { CreditBook, GrantOutcome, NewGrant } from './credit-book';
export type { CodeLedger, RedeemOutcome, RedeemRefusal } from './code-ledger';
export { PLAN_BOOK } from './plan-book';
export type {
  PlanBook,
  PlanSale,
  PlanTerms,
  Renewal,
  RenewOutcome,
  SubscribeOutcome,
} from './plan-book';
export { LEDGER } from './ledger';
export type {
  CallLatency,
  CallLog,
  Charge,
  ChargedLog,
  ChargeResult,
  DailyUsage,
  KeyUse,
  Ledger,
  PlanLimit,
} from './ledger';
export { LedgerEvents } from './ledger-events';
export { checkBalances, checkCredit } from './ledger-verify';
export type { LedgerCheck, UnexplainedBalance, UnexplainedCredit } from './ledger-verify';
export { LedgerModule } from './ledger.module';
export { siteSpan, userSpan } from './statement';
export type { Span, SpanMoves } from './statement';
export { checkClosings, closeMonths, lastClosed, retainedFrom } from './closings';
export {
  CALLS_SERIES,
  DAY_TOTALS_SERIES,
  checkRollupClock,
  checkRollups,
  ROLLUP_SERIES,
  rollUp,
  rollupWatermark,
} from './rollups';
export {
  afterHours,
  afterValues,
  checkHours,
  hourWatermark,
  readsAfter,
  rollHours,
} from './hour-rollups';
export {
  dropLogPartitions,
  extendLogPartitions,
  logPartitions,
  PARTITION_MONTHS_AHEAD,
  partitionLog,
} from './partitions';
export type { LogPartition, Partitioned } from './partitions';
export { keptFrom, recordRetention, retentionBounds } from './retention-bounds';
export type { RetentionBounds } from './retention-bounds';
export { ORDER_LEDGER } from './order-ledger';
export type { CreditOutcome, OrderFacts, OrderLedger } from './order-ledger';
