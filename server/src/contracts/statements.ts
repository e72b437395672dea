/**
 * A monthly statement: how a balance moved in one calendar month of the site's time zone. Money is
 * yuan with 3 decimals, as balances are; `closing = opening + recharged + adjusted + redeemed +
 * referred − charged` holds exactly, because every figure is read in one statement (one snapshot).
 */
export interface StatementLine {
  api_id: number;
  /** The API's name as the log keeps it (the Chinese one). */
  api_name: string;
  /** The English site's title ('' when none or the API is gone). */
  api_title_en: string;
  /** Calls paid from the balance (refunded ones cost nothing and are not counted). */
  calls: number;
  /** Calls the API's free quota paid for. */
  free_calls: number;
  charged: string;
}

export interface MonthTotals {
  /** Balance at the month's first instant. */
  opening_balance: string;
  /** Credited recharge orders. */
  recharged: string;
  /** Administrators' adjustments, either sign. */
  adjusted: string;
  /** Cash from redeem codes. */
  redeemed: string;
  /** Cash the account's invite rewards added (an invitee's first recharge). */
  referred: string;
  /** Plan periods bought from the balance (money out, as paid calls). */
  plans: string;
  /** Paid calls. */
  charged: string;
  /** Balance at the month's end, or now for the running month. */
  closing_balance: string;
  calls: number;
  free_calls: number;
}

export interface MonthlyStatement extends MonthTotals {
  /** YYYY-MM on the site's clock. */
  month: string;
  time_zone: string;
  /** The month's first instant and the next month's (ISO, UTC). */
  from: string;
  to: string;
  /** The month is still running: its closing balance is today's. */
  running: boolean;
  /** The account's first month: earlier months have nothing to show. */
  first_month: string;
  /** The running month: the latest a statement can be asked for. */
  current_month: string;
  lines: StatementLine[];
}

/** The whole site's month for bookkeeping: every user's figures added up. */
export interface SiteMonth extends MonthTotals {
  month: string;
  time_zone: string;
  from: string;
  to: string;
  running: boolean;
  /** Users who made paid or free-quota calls in the month. */
  users: number;
}
