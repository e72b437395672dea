import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the flaky upstream does with the next calls. */
export type FlakyMode =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'status'; status: number }
  | { kind: 'hang'; ms: number };

/**
 * A loopback upstream whose behaviour the test sets as it goes: answer 200 (after a delay), answer
 * a given status, or hold the call past the gateway's timeout. Counts the calls it received.
 */
export async function startFlakyUpstream() {
  let mode: FlakyMode = { kind: 'ok' };
  let received = 0;
  const server = createServer((req, res) => {
    received++;
    req.resume();
    const current = mode;
    const answer = (status: number) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status }));
    };
    if (current.kind === 'ok') setTimeout(() => answer(200), current.delayMs ?? 0);
    else if (current.kind === 'status') answer(current.status);
    else setTimeout(() => answer(200), current.ms);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (next: FlakyMode) => {
      mode = next;
    },
    get received() {
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
