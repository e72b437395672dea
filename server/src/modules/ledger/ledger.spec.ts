import { statement } from '../../database/named-statement';
import { callLogValues, keySpend, LOG_COLUMNS, planAnswer, SQL } from './ledger';
import type { Charge } from './ledger';
import { CHARGE, paidBy, REFUND_CREDIT, TAKE } from './mysql-ledger';

const call: Charge = {
  priceMilli: 5,
  counted: true,
  log: {
    user_id: 7,
    api_key_id: 9,
    api_id: 1,
    api_name: 'paid',
    ip_address: '127.0.0.1',
    access_url: '/apis/paid',
    user_agent: 'jest',
    access_time: new Date('2026-11-28T23:59:59.999Z'),
    status_code: 200,
    cost_milli: 5,
    latency_ms: 12,
    request_id: 'r-1',
    charged_from: 'balance',
  },
};

it('puts each named value in its placeholder, however often the name is used', () => {
  const query = statement<{ a: number; b: string }>`
    SELECT ${'a'},
      ${'b'}, ${'a'}`;
  expect(query.text).toBe('SELECT ?, ?, ?');
  expect(query.values({ a: 1, b: 'x' })).toEqual([1, 'x', 1]);
});

it("runs MySQL's refund credit under the same conditions as the shared statement", () => {
  const unwrap = (text: string) => text.replace(/LAST_INSERT_ID\((balance_milli [-+] \?)\)/, '$1');
  expect(unwrap(REFUND_CREDIT.text)).toBe(SQL.refundCredit.text);
  const move = { price: 5, userId: 7 };
  expect(REFUND_CREDIT.values({ ...move, ceiling: 10 })).toEqual(
    SQL.refundCredit.values({ ...move, ceiling: 10 }),
  );
});

it("gives MySQL's credit-or-cash charge a value for each placeholder, the user's id once", () => {
  const values = CHARGE.values({ price: 5, userId: 7 });
  expect(CHARGE.text.split('?')).toHaveLength(values.length + 1);
  expect(values.filter((value) => value === 7)).toHaveLength(1);
});

it('reads what a credit-or-cash charge answered: the balance it left, and whether credit paid', () => {
  expect(paidBy(2 * 1_234_567_890_123 + 1)).toEqual({ credit: true, balance: 1_234_567_890_123 });
  expect(paidBy(2 * 40)).toEqual({ credit: false, balance: 40 });
  expect(paidBy(0)).toEqual({ credit: false, balance: 0 });
});

it("takes MySQL's free call as the shared statement does, answering the count it leaves", () => {
  expect(TAKE.text).toContain(
    'used = LAST_INSERT_ID(CASE WHEN period >= ? THEN used ELSE 0 END + 1)',
  );
  expect(TAKE.text.replace(/LAST_INSERT_ID\((.+?\+ 1)\)/, '$1')).toBe(SQL.take.text);
  const move = { userId: 7, apiId: 3, period: '2026-11-30', limit: 100 };
  expect(TAKE.values(move)).toEqual(SQL.take.values(move));
});

it("counts a key's spend in the UTC day and month of its call, against both caps", () => {
  const values = SQL.spend.values(keySpend(call));
  expect(SQL.spend.text.split('?')).toHaveLength(values.length + 1);
  const [day, month] = ['2026-11-28', '2026-11'];
  expect(values).toEqual([day, 5, month, 5, day, month, 9, day, 5, month, 5]);
});

it('writes a log row in the order of its columns', () => {
  const values = callLogValues(call.log, 'at');
  expect(Object.fromEntries(LOG_COLUMNS.map((column, i) => [column, values[i]]))).toEqual({
    ...call.log,
    access_time: 'at',
  });
});

describe('planAnswer', () => {
  it('reads a MySQL plan take’s count and the windows with the fewest calls left', () => {
    const bits = (used: number, mask: number, left: number) =>
      used * 2 ** 27 + mask * 2 ** 24 + left;
    // 5 calls of the period; the hour and the week both have 2 left.
    expect(planAnswer(bits(5, 0b101, 2))).toEqual({ used: 5, left: { hour: 2, week: 2 } });
    // No window has a limit: nothing is said of them.
    expect(planAnswer(bits(10_000_000, 0b111, 2 ** 24 - 1))).toEqual({
      used: 10_000_000,
      left: {},
    });
    expect(planAnswer(bits(1, 0b010, 0))).toEqual({ used: 1, left: { day: 0 } });
  });
});
