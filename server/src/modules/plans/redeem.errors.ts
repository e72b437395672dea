import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { formatBalance, MAX_BALANCE_MILLI } from '../../common/money';
import { MAX_CODE_VALUE_MILLI } from '../../contracts/redeem';
import type { RedeemRefusal } from '../ledger';

const refusals: Record<RedeemRefusal, () => AppError> = {
  invalid_code: () =>
    new AppError(
      'redeem.invalid_code',
      'this code does not exist; check it and try again',
      HttpStatus.BAD_REQUEST,
      {},
      'code',
    ),
  code_disabled: () =>
    new AppError(
      'redeem.code_disabled',
      'this code has been withdrawn',
      HttpStatus.CONFLICT,
      {},
      'code',
    ),
  code_expired: () =>
    new AppError('redeem.code_expired', 'this code has expired', HttpStatus.GONE, {}, 'code'),
  code_used: () =>
    new AppError(
      'redeem.code_used',
      'this code has already been used',
      HttpStatus.CONFLICT,
      {},
      'code',
    ),
  already_redeemed: () =>
    new AppError(
      'redeem.already_redeemed',
      'you have already redeemed this code',
      HttpStatus.CONFLICT,
      {},
      'code',
    ),
  user_limit: () =>
    new AppError(
      'redeem.user_limit',
      'you have redeemed as many codes of this offer as one account may',
      HttpStatus.CONFLICT,
      {},
      'code',
    ),
  plan_running: () =>
    new AppError(
      'redeem.plan_running',
      'you have a plan running: redeem this code once it ends (the code stays unused)',
      HttpStatus.CONFLICT,
      {},
      'code',
    ),
  balance_ceiling: () =>
    new AppError(
      'redeem.balance_ceiling',
      `this code would take the balance past ${formatBalance(MAX_BALANCE_MILLI)} yuan, the most a balance may hold`,
      HttpStatus.CONFLICT,
      {},
      'code',
    ),
};

export const RedeemErrors = {
  refused: (reason: RedeemRefusal) => refusals[reason](),
  batchNotFound: () =>
    new AppError('redeem.batch_not_found', 'no such code batch', HttpStatus.NOT_FOUND),
  batchDisabled: () =>
    new AppError('redeem.batch_disabled', 'this batch is withdrawn already', HttpStatus.CONFLICT),
  pastExpiry: () =>
    new AppError(
      'request.validation',
      'the expiry must be in the future',
      HttpStatus.BAD_REQUEST,
      {},
      'expires_at',
    ),
  creditDaysMissing: () =>
    new AppError(
      'request.validation',
      'credit codes need the days their credit lasts (credit_days, 1 to 3,650)',
      HttpStatus.BAD_REQUEST,
      {},
      'credit_days',
    ),
  planMissing: () =>
    new AppError(
      'redeem.plan',
      'a plan code needs an existing plan (plan_id)',
      HttpStatus.BAD_REQUEST,
      {},
      'plan_id',
    ),
  planValue: () =>
    new AppError(
      'request.validation',
      'a plan code is worth a period of its plan: leave value empty',
      HttpStatus.BAD_REQUEST,
      {},
      'value',
    ),
  valueOutOfRange: () =>
    new AppError(
      'request.validation',
      `a code must be worth more than 0 and at most ${formatBalance(MAX_CODE_VALUE_MILLI)}`,
      HttpStatus.BAD_REQUEST,
      {},
      'value',
    ),
  rateLimited: (retryAfter: number) =>
    new AppError(
      'request.rate_limited',
      'too many codes tried, try again in a minute',
      HttpStatus.TOO_MANY_REQUESTS,
      { 'Retry-After': String(retryAfter) },
    ),
};
