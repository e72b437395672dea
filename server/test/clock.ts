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
