/** Every API Jest's fake timers can replace, but Date. */
const NOT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Runs `body` with Date `ms` ahead, then puts it back: a test app runs in the test's process, so
 * its clock passes an expiry at once instead of the test sleeping until it does. Only Date is
 * replaced (and keeps ticking), so timers, sockets and database drivers run as usual.
 */
export async function withDateAhead<T>(ms: number, body: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ now: Date.now() + ms, advanceTimers: true, doNotFake: [...NOT_DATE] });
  try {
    return await body();
  } finally {
    jest.useRealTimers();
  }
}

/**
 * Rate limits count in fixed windows of the clock's minute: a burst whose hits must fall in one
 * window first waits (at most `room` ms) until the current minute has at least `room` ms left.
 */
export async function inOneMinuteWindow(room: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < room) await new Promise((done) => setTimeout(done, left + 50));
}
