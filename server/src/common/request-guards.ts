import { STATUS_CODES } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { statusAnswer, toErrorAnswer } from './error-answer';
import type { ErrorAnswer } from './error-answer';

/** Where a request whose path cannot be read one way only is sent: it answers 400. */
export const INVALID_PATH_ROUTE = '/__portico/invalid-path';

/**
 * Encodings that make a path mean two things: an encoded dot, slash or backslash reads as a path
 * separator to one component and as a name to another; an encoded `%`, `?` or `#` decodes into
 * another encoding or into the query; NUL ends strings in C.
 */
const AMBIGUOUS_ESCAPE = /%(2e|2f|5c|25|3f|23|00)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
const DOT_SEGMENT = /\/\.{1,2}(\/|$)/;
const PRINTABLE_PATH = /^\/[!-~]*$/;

/** A backslash (a separator to some servers) or a control character (NUL ends C strings). */
export function hasUnreadableCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/**
 * The one canonical form of a request path: decoded once, or null when it cannot be read one way
 * only. Everything that depends on the path (routing, CSRF, the page fallback, limits) sees this.
 */
export function canonicalPath(rawPath: string): string | null {
  if (MALFORMED_ESCAPE.test(rawPath) || AMBIGUOUS_ESCAPE.test(rawPath)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (hasUnreadableCharacter(decoded) || DOT_SEGMENT.test(decoded) || !decoded.startsWith('/')) {
    return null;
  }
  return decoded;
}

/**
 * Fastify's rewriteUrl hook, run before routing: the router gets the canonical path (re-encoded,
 * so it decodes to the same text again), or the invalid-path route.
 */
export function rewriteToCanonical(request: IncomingMessage): string {
  const raw = request.url ?? '/';
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  // Most paths (every plain gateway call) hold nothing to decode or refuse: left as they are.
  if (isPlainPath(rawPath)) return raw;
  const path = canonicalPath(rawPath);
  if (path === null) return INVALID_PATH_ROUTE;
  return queryAt === -1 ? encodeURI(path) : `${encodeURI(path)}${raw.slice(queryAt)}`;
}

/** A path that is already canonical: printable ASCII, no escape, no backslash, no dot segment. */
function isPlainPath(path: string): boolean {
  return (
    PRINTABLE_PATH.test(path) &&
    !path.includes('%') &&
    !path.includes('\\') &&
    !DOT_SEGMENT.test(path)
  );
}

/** The canonical path of a routed request (after rewriteToCanonical), without the query. */
export function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const queryAt = url.indexOf('?');
  return decodeURI(queryAt === -1 ? url : url.slice(0, queryAt));
}

export const JSON_LIMITS = { maxKeys: 1000, maxDepth: 32 } as const;

const tooComplex = () =>
  new AppError(
    'request.body_too_complex',
    `request body is too complex (at most ${JSON_LIMITS.maxKeys} keys per object, nesting depth ${JSON_LIMITS.maxDepth})`,
    400,
  );

/**
 * Checks a JSON text's shape in one linear pass before it is parsed, so that no body can make the
 * parser recurse deeply or hand the validators an object with a huge number of keys (whose cost
 * grows faster than linearly there). Strings are skipped, escapes included.
 */
export function checkJsonShape(text: string): void {
  // For each open container: the number of keys so far, or -1 for an array.
  const keys: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (keys.length >= JSON_LIMITS.maxDepth) throw tooComplex();
      keys.push(c === 0x7b ? 0 : -1);
    } else if (c === 0x7d || c === 0x5d) {
      keys.pop();
    } else if (c === 0x3a && keys.length > 0 && keys[keys.length - 1] >= 0) {
      if (++keys[keys.length - 1] > JSON_LIMITS.maxKeys) throw tooComplex();
    }
  }
}

/**
 * The site's JSON API takes JSON bodies only (a cross-site HTML form can send urlencoded, multipart
 * and text/plain bodies, never JSON), parsed with prototype poisoning refused and the shape limits
 * above. Anything else with a body answers 415.
 */
export function registerJsonOnlyBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    try {
      checkJsonShape(text);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    void parse(request, text, done);
  });
}

/**
 * The route that answers paths that cannot be read one way only. Registered after Nest's
 * initialisation, so that it takes Nest's error handler (Fastify gives a route the handler of the
 * moment it is registered): a bad body sent to a bad path still gets the envelope.
 */
export function registerInvalidPathRoute(fastify: FastifyInstance): void {
  void fastify.all(INVALID_PATH_ROUTE, (_request, reply) => {
    void reply
      .status(400)
      .send(toErrorAnswer(new AppError('request.invalid_path', 'invalid request path', 400)).body);
  });
}

/**
 * Answers for requests Node's HTTP server refuses before Fastify sees them (headers too large,
 * malformed request lines) or gives up on (a request not received within REQUEST_TIMEOUT_MS, or
 * its headers within HEADERS_TIMEOUT_MS): the same envelope as every other error, never the input.
 * Once an answer has begun on the connection, it is only closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const { status, body: envelope } = clientErrorAnswer(error.code);
    // An answer to HEAD has no body (HTTP says so, and clients would read it as the next answer).
    const head = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString() === 'HEAD ';
    const body = head ? '' : JSON.stringify(envelope);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function clientErrorAnswer(code: string | undefined): ErrorAnswer {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return toErrorAnswer(
      new AppError('request.timeout', 'the request took too long to arrive', 408),
    );
  }
  return statusAnswer(code === 'HPE_HEADER_OVERFLOW' ? 431 : 400);
}

/** Router-level failures (a URL the router cannot decode, an over-long parameter): a 400 envelope. */
export function frameworkErrors(
  _error: Error,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .status(400)
    .send(toErrorAnswer(new AppError('request.invalid_path', 'invalid request path', 400)).body);
}
