import { Agent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** One request exactly as it goes on the wire: nothing here is normalised or re-encoded. */
export interface WireRequest {
  method: string;
  /** Path and query as sent (percent-encoding included); may hold raw UTF-8 or control bytes. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface WireAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A hung request is a finding, not a reason to stall the suite. */
const ANSWER_TIMEOUT_MS = 5000;

/** Bytes Node's HTTP client refuses to put in a request target, and in a header value. */
const UNSENDABLE_IN_TARGET = /[^\x21-\x7e\x80-\uffff]/;
const UNSENDABLE_IN_HEADER = /[^\t\x20-\x7e\x80-\uffff]/;

const agents = new Map<string, Agent>();

function agentFor(from: string): Agent {
  let agent = agents.get(from);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress: from });
    agents.set(from, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * Sends from the loopback address `from` (so the login throttle's per-IP count of the fuzzer's
 * failed logins never locks out the harness's own sign-ins). Node's client takes any byte above
 * 0x20 when handed as latin1, so UTF-8 goes through it unchanged. Targets and headers with
 * control bytes or spaces, which it refuses to send, go over a bare socket; so does HEAD, whose
 * answer Node's client fails to parse when it wrongly carries a body, which must be reported.
 */
export function send(port: number, from: string, request: WireRequest): Promise<WireAnswer> {
  const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
  if (
    request.method === 'HEAD' ||
    UNSENDABLE_IN_TARGET.test(request.target) ||
    Object.values(request.headers).some((value) => UNSENDABLE_IN_HEADER.test(value))
  ) {
    return sendRaw(port, from, request);
  }
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, latin1(value)]),
    );
    if (request.body) headers['content-length'] = String(request.body.length);
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: latin1(request.target),
        headers,
        agent: agentFor(from),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.setTimeout(ANSWER_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

function sendRaw(port: number, from: string, request: WireRequest): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    const chunks: Buffer[] = [];
    socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
      socket.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        resolve(parseAnswer(raw, headEnd));
      } else {
        reject(new Error(`connection closed without an answer (${raw.length} bytes)`));
      }
    });
    const body = request.body ?? Buffer.alloc(0);
    const head = [
      `${request.method} ${request.target} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      'connection: close',
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
      ...(body.length > 0 ? [`content-length: ${body.length}`] : []),
      '',
      '',
    ].join('\r\n');
    socket.write(Buffer.concat([Buffer.from(head, 'utf8'), body]));
  });
}

function parseAnswer(raw: Buffer, end: number): WireAnswer {
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: IncomingHttpHeaders = { 'set-cookie': [] };
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'set-cookie') headers['set-cookie']!.push(value);
    else headers[name] = value;
  }
  let body = raw.subarray(end + 4);
  if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
