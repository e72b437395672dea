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
 * Waits (at most `room` ms) until the clock's current window of `windowMs` (a minute, an hour)
 * has at least `room` ms left, so that what a test does next falls in one window.
 */
export async function inOneClockWindow(windowMs: number, room: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < room) await new Promise((done) => setTimeout(done, left + 50));
}

/** Rate limits count in fixed windows of the clock's minute: a burst's hits fall in one. */
export const inOneMinuteWindow = (room: number) => inOneClockWindow(60_000, room);

/**
 * A plan's hours and days on a site clock a whole number of hours from UTC (the tests' is) begin
 * with UTC's hours: calls counted in one of them fall in one hour and one day.
 */
export const inOneHour = (room: number) => inOneClockWindow(3_600_000, room);
