import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hook {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A webhook receiver answering each request with the next status of `statuses` (then 200). */
export async function startReceiver() {
  const hooks: Hook[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body, at: Date.now() });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hooks,
    statuses,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** README's verification recipe, written out exactly as documented there. */
export function verifySignature(
  secret: string,
  headers: IncomingMessage['headers'],
  rawBody: string,
) {
  const timestamp = String(headers['x-portico-timestamp']);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return headers['x-portico-signature'] === `sha256=${expected}`;
}

export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
