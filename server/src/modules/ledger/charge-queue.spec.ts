import { DatabaseTimeout } from '../../database/db-timeouts';
import type { Env } from '../../env/env';
import { ChargeQueue } from './charge-queue';
import type { Charge, ChargeResult, Ledger } from './ledger';

/** A ledger whose batches finish when the test says so, and which records what it was given. */
class FakeLedger implements Pick<Ledger, 'chargeBatch' | 'parallelBatches'> {
  readonly batches: Charge[][] = [];
  running = 0;
  mostAtOnce = 0;
  private readonly waiting: (() => void)[] = [];
  /** Batches containing a charge of these users fail whole. */
  failFor = new Set<number>();
  hold = false;

  constructor(readonly parallelBatches: number) {}

  async chargeBatch(charges: readonly Charge[]): Promise<ChargeResult[]> {
    this.batches.push([...charges]);
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (charges.some((charge) => this.failFor.has(charge.log.user_id))) {
        throw new Error('connection lost');
      }
      return charges.map((charge) => ({
        ok: true,
        logId: charge.log.request_id === null ? 0 : Number(charge.log.request_id),
        balance_milli: null,
        from: 'balance' as const,
        quota_used: null,
      }));
    } finally {
      this.running -= 1;
    }
  }

  release(): void {
    this.hold = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

let next = 0;
function charge(userId: number, keyId = userId): Charge {
  next += 1;
  return {
    priceMilli: 10,
    counted: false,
    log: {
      user_id: userId,
      api_key_id: keyId,
      api_id: 1,
      api_name: 'demo',
      ip_address: '127.0.0.1',
      access_url: '/apis/demo',
      user_agent: 'test',
      access_time: new Date(),
      status_code: 200,
      cost_milli: 10,
      latency_ms: 0,
      request_id: String(next),
      charged_from: 'balance',
    },
  };
}

const queueOn = (ledger: FakeLedger, waitMs = 1_000) =>
  new ChargeQueue(ledger as unknown as Ledger, { DB_ACQUIRE_TIMEOUT_MS: waitMs } as Env);

const logIds = (results: ChargeResult[]) => results.map((r) => (r.ok ? r.logId : r.reason));

afterEach(() => jest.useRealTimers());

it('writes the calls that arrive together in one batch and answers each with its own result', async () => {
  const ledger = new FakeLedger(2);
  const queue = queueOn(ledger);
  const charges = [charge(3), charge(1), charge(2)];
  const results = await Promise.all(charges.map((c) => queue.charge(c)));
  expect(ledger.batches).toHaveLength(1);
  expect(logIds(results)).toEqual(charges.map((c) => Number(c.log.request_id)));
});

it('orders a batch by user, then key, so concurrent batches lock rows in one order', async () => {
  const ledger = new FakeLedger(2);
  const queue = queueOn(ledger);
  await Promise.all(
    [charge(5, 9), charge(2, 4), charge(5, 7), charge(1, 1)].map((c) => queue.charge(c)),
  );
  expect(ledger.batches[0].map((c) => [c.log.user_id, c.log.api_key_id])).toEqual([
    [1, 1],
    [2, 4],
    [5, 7],
    [5, 9],
  ]);
});

it('splits a crowd into batches of at most 64, never more at once than the ledger allows', async () => {
  const ledger = new FakeLedger(2);
  ledger.hold = true;
  const queue = queueOn(ledger);
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const pending: Promise<ChargeResult>[] = [];
  // Calls keep arriving while batches are held: a second batch starts, a third waits.
  for (let wave = 0; wave < 4; wave += 1) {
    for (let i = 0; i < 50; i += 1) pending.push(queue.charge(charge(wave * 50 + i + 1)));
    await turn();
  }
  expect(ledger.running).toBe(2);
  ledger.release();
  const results = await Promise.all(pending);
  expect(results.every((r) => r.ok)).toBe(true);
  expect(ledger.batches.flat()).toHaveLength(200);
  expect(Math.max(...ledger.batches.map((b) => b.length))).toBeLessThanOrEqual(64);
  expect(ledger.mostAtOnce).toBe(2);
});

it('tries the calls of a failed batch one by one, so one bad charge fails only itself', async () => {
  const ledger = new FakeLedger(1);
  ledger.failFor.add(2);
  const queue = queueOn(ledger);
  const outcomes = await Promise.allSettled(
    [charge(1), charge(2), charge(3)].map((c) => queue.charge(c)),
  );
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(ledger.batches.map((b) => b.map((c) => c.log.user_id))).toEqual([
    [1, 2, 3],
    [1],
    [2],
    [3],
  ]);
});

it('refuses charges that waited past the limit while every batch is held up', async () => {
  jest.useFakeTimers();
  const ledger = new FakeLedger(1);
  ledger.hold = true;
  const queue = queueOn(ledger, 1_000);
  const first = queue.charge(charge(1));
  await jest.advanceTimersByTimeAsync(0);
  const waiting = queue.charge(charge(2));
  const outcome = waiting.then(
    () => 'charged',
    (error: unknown) => error,
  );
  await jest.advanceTimersByTimeAsync(1_300);
  const refused = await outcome;
  expect(refused).toBeInstanceOf(DatabaseTimeout);
  expect((refused as DatabaseTimeout).code).toBe('DB_ACQUIRE_TIMEOUT');
  // The refused call never reached the ledger; the held batch still completes.
  ledger.release();
  await expect(first).resolves.toMatchObject({ ok: true });
  expect(ledger.batches.map((b) => b.map((c) => c.log.user_id))).toEqual([[1]]);
});

it('refuses nothing while batches keep finishing, however long the queue waits', async () => {
  jest.useFakeTimers();
  const ledger = new FakeLedger(1);
  const queue = queueOn(ledger, 1_000);
  const write = ledger.chargeBatch.bind(ledger);
  // Each batch of 64 takes 400 ms: the last of 200 calls waits 1.2 s, past the limit, but a batch
  // finished 400 ms before.
  ledger.chargeBatch = async (charges) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return write(charges);
  };
  const results = Promise.all(Array.from({ length: 200 }, (_, i) => queue.charge(charge(i + 1))));
  await jest.advanceTimersByTimeAsync(2_000);
  const all = await results;
  expect(all.every((r) => r.ok)).toBe(true);
  expect(ledger.batches.map((b) => b.length)).toEqual([64, 64, 64, 8]);
});
