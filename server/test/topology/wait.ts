/** Polls `condition` every 25 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
