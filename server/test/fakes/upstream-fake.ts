import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One /large answer: how many bytes it wrote, and how it ended. */
export interface StreamedAnswer {
  sent: number;
  /** The answer is over: written whole, or its connection closed under it. */
  closed: boolean;
  /** It was written whole. */
  finished: boolean;
}

/**
 * What /headers answers with: its body's own headers, and headers that would act on the site's
 * whole origin, its cookies, its proxy or the gateway's own headers if they were passed on.
 */
export const ORIGIN_HEADERS = {
  'content-type': 'application/json',
  'cache-control': 'public, max-age=3600',
  etag: '"v1"',
  'x-upstream-meta': 'kept',
  'clear-site-data': '"cookies", "storage"',
  'strict-transport-security': 'max-age=31536000; includeSubDomains; preload',
  refresh: '0; url=https://evil.example/',
  link: '<https://evil.example/sw.js>; rel=serviceworker',
  'set-cookie': 'session=stolen; Path=/',
  'alt-svc': 'h3=":443"; ma=86400',
  'service-worker-allowed': '/',
  'x-accel-redirect': '/internal/secret',
  'x-balance': '999999.000',
  'www-authenticate': 'Basic realm="site"',
  'origin-agent-cluster': '?0',
} as const;

const LARGE_CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * Writes `bytes` bytes of text in 64 KB chunks as fast as the caller reads them (never more than
 * one chunk held here), recording how far it got.
 */
function streamLarge(res: ServerResponse, bytes: number, answer: StreamedAnswer): void {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.on('close', () => {
    answer.closed = true;
    answer.finished = res.writableFinished;
  });
  const writeMore = () => {
    while (answer.sent < bytes && !res.destroyed) {
      const chunk = LARGE_CHUNK.subarray(0, Math.min(LARGE_CHUNK.length, bytes - answer.sent));
      answer.sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', writeMore);
    }
    if (!res.destroyed) res.end();
  };
  writeMore();
}

/**
 * A loopback upstream for the gateway: /ok echoes what it received, /fail answers 500, /slow
 * answers after 2 s, /reset drops the connection, /redirect points at another host, /html is a
 * script page that asks for a permissive CSP and CORS, /large?bytes=N streams N bytes of text
 * (recorded in `streamed`), /headers sends ORIGIN_HEADERS.
 */
export async function startUpstreamFake() {
  const seen: SeenRequest[] = [];
  const streamed: StreamedAnswer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path.endsWith('/fail')) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      } else if (path.endsWith('/slow-fail')) {
        const ms = Number(new URL(req.url ?? '', 'http://fake.invalid').searchParams.get('ms'));
        setTimeout(() => res.writeHead(500).end('{"error":"late"}'), ms).unref();
      } else if (path.endsWith('/slow')) {
        setTimeout(() => res.writeHead(200).end('late'), 2000).unref();
      } else if (path.endsWith('/reset')) {
        req.socket.destroy();
      } else if (path.endsWith('/html')) {
        res
          .writeHead(200, {
            'content-type': 'text/html',
            'content-security-policy': "default-src * 'unsafe-inline'",
            'access-control-allow-origin': 'https://evil.example',
          })
          .end('<script>parent.document.title = "owned"</script>');
      } else if (path.endsWith('/large')) {
        const answer: StreamedAnswer = { sent: 0, closed: false, finished: false };
        streamed.push(answer);
        const bytes = Number(
          new URL(req.url ?? '', 'http://fake.invalid').searchParams.get('bytes'),
        );
        streamLarge(res, bytes, answer);
      } else if (path.endsWith('/headers')) {
        res.writeHead(200, ORIGIN_HEADERS).end('{"ok":true}');
      } else if (path.endsWith('/redirect')) {
        res.writeHead(302, { location: 'http://elsewhere.invalid/' }).end();
      } else {
        res
          .writeHead(200, {
            'content-type': 'application/json',
            connection: 'keep-alive',
            'x-upstream': 'yes',
          })
          .end(JSON.stringify({ method: req.method, url: req.url, body }));
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    streamed,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
