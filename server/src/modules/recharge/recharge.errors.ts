import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { formatBalance, MAX_BALANCE_MILLI } from '../../common/money';
import type { ErrorCode } from '../../contracts/errors';

/** The texts SPEC.md §8 names as the recharge fallbacks. */
export const RECHARGE_FAILED = 'recharge failed!';
export const RECHARGE_REQUEST_ERROR = 'recharge request error, try again later';

type RechargeCode = ErrorCode extends infer C
  ? C extends `recharge.${infer R}`
    ? R
    : never
  : never;

const error = (code: RechargeCode, message: string, status: HttpStatus) => () =>
  new AppError(`recharge.${code}`, message, status);

export const RechargeErrors = {
  notConfigured: error(
    'not_configured',
    'recharge is not configured',
    HttpStatus.SERVICE_UNAVAILABLE,
  ),
  orderNotFound: error(
    'order_not_found',
    'order not found on Afdian, check the order number',
    HttpStatus.NOT_FOUND,
  ),
  orderNotPaid: error(
    'order_not_paid',
    'this order has not been paid yet; it is saved and checked again automatically for 24 hours',
    HttpStatus.BAD_REQUEST,
  ),
  orderNoAmount: error(
    'order_no_amount',
    'this order has no amount to credit',
    HttpStatus.BAD_REQUEST,
  ),
  orderOfAnotherUser: error(
    'order_of_another_user',
    'this order was placed for another account',
    HttpStatus.FORBIDDEN,
  ),
  sandboxOff: error(
    'sandbox_off',
    'the recharge sandbox is off on this site',
    HttpStatus.NOT_FOUND,
  ),
  orderUsed: error('order_used', 'this order has already been used', HttpStatus.CONFLICT),
  orderCreditedToYou: (amount: string, at: Date) =>
    new AppError(
      'recharge.order_used',
      `this order was credited to your account already (${amount} yuan)`,
      HttpStatus.CONFLICT,
      {},
      undefined,
      { credited_to_you: true, amount, credited_at: at.toISOString() },
    ),
  afdianFailed: error('afdian_failed', RECHARGE_FAILED, HttpStatus.BAD_GATEWAY),
  afdianUnreachable: error('afdian_unreachable', RECHARGE_REQUEST_ERROR, HttpStatus.BAD_GATEWAY),
  afdianTimeout: error(
    'afdian_timeout',
    'Afdian did not answer in time, try again later',
    HttpStatus.GATEWAY_TIMEOUT,
  ),
  afdianHostsDown: error('afdian_hosts_down', RECHARGE_REQUEST_ERROR, HttpStatus.BAD_GATEWAY),
  orderNotPending: error(
    'order_not_pending',
    'no pending order with this number: it is unknown, already credited or rejected',
    HttpStatus.NOT_FOUND,
  ),
  badPeriod: error(
    'bad_period',
    'from and to must be dates (YYYY-MM-DD), from not after to, at most 366 days apart',
    HttpStatus.BAD_REQUEST,
  ),
  webhookInvalid: error(
    'webhook_invalid',
    'invalid webhook payload: not an Afdian order with its signature',
    HttpStatus.BAD_REQUEST,
  ),
  webhookBadSignature: error(
    'webhook_bad_signature',
    'invalid webhook signature',
    HttpStatus.BAD_REQUEST,
  ),
  balanceCeiling: () =>
    new AppError(
      'recharge.balance_ceiling',
      `this recharge would take the balance past ${formatBalance(MAX_BALANCE_MILLI)} yuan, the most a balance may hold`,
      HttpStatus.CONFLICT,
    ),
  checkedRecently: (seconds: number) =>
    new AppError(
      'request.rate_limited',
      `Payments were looked for a moment ago. Try again in ${seconds} s.`,
      HttpStatus.TOO_MANY_REQUESTS,
      { 'Retry-After': String(seconds) },
    ),
};

export const userNotFound = () =>
  new AppError('users.not_found', 'user not found', HttpStatus.NOT_FOUND);
export const adjustmentPastCeiling = () =>
  new AppError(
    'admin.balance_ceiling',
    `the adjustment would take the balance past ${formatBalance(MAX_BALANCE_MILLI)} yuan, the most a balance may hold`,
    HttpStatus.CONFLICT,
    {},
    'amount',
  );
export const balanceBelowZero = () =>
  new AppError(
    'admin.balance_below_zero',
    'the adjustment would take the balance below zero',
    HttpStatus.CONFLICT,
    {},
    'amount',
  );

/** What Afdian's own error codes mean, said so a user (or the admin they tell) can act on it. */
export const AFDIAN_EC_MESSAGES: Record<number, string> = {
  400001: 'Afdian rejected the query: parameters incomplete',
  400002: 'Afdian rejected the query: request time expired (the server clock may be wrong)',
  400003: 'Afdian rejected the query: parameters are not valid JSON',
  400004: 'Afdian rejected the query: no valid token found (the site Afdian settings are wrong)',
  400005: 'Afdian rejected the query: sign validation failed (the site Afdian token is wrong)',
};
