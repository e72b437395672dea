import { Agent, IncomingHttpHeaders, request } from 'node:http';
import { sleep } from './wait';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** The client address nginx sees (any of 127.0.0.0/8). */
  localAddress?: string;
  agent?: Agent;
}

type SendError = Error & { code?: string; reusedSocket?: boolean };

/**
 * One GET to 127.0.0.1:port with the path sent exactly as written (fetch would normalise
 * `//metrics` and friends) and the body left as it came (compressed or not); 10 s at most.
 */
export function send(port: number, path: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${path}: no answer within 10 s`)));
    req.on('error', (error: SendError) =>
      fail(Object.assign(error, { reusedSocket: req.reusedSocket })),
    );
    req.end();
  });
}

/**
 * `loops` keep-alive clients, each asking for `path` again 25 ms after every answer, until
 * stopped or `limitMs` has passed. Each outcome is the status, or the error's message.
 */
export function steadyStream(port: number, path: string, loops: number, limitMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: loops });
  const outcomes: (number | string)[] = [];
  const deadline = Date.now() + limitMs;
  let stopped = false;
  const once = async (): Promise<number | string> => {
    try {
      return (await send(port, path, { agent })).status;
    } catch (error) {
      const { code, reusedSocket, message } = error as SendError;
      // A kept-alive connection nginx closed as it was reused (a reload closes the idle ones):
      // the request never reached nginx, and HTTP clients send it again on a new connection
      // (RFC 9112 §9.3.1; Node's docs for `reusedSocket`). Only that case, and only once.
      if (reusedSocket && code === 'ECONNRESET') {
        return send(port, path).then(
          (answer) => answer.status,
          (e: Error) => e.message,
        );
      }
      return message;
    }
  };
  const running = Promise.all(
    Array.from({ length: loops }, async () => {
      while (!stopped && Date.now() < deadline) {
        outcomes.push(await once());
        await sleep(25);
      }
    }),
  );
  return {
    outcomes,
    async stop(): Promise<(number | string)[]> {
      stopped = true;
      await running;
      agent.destroy();
      return outcomes;
    },
  };
}
