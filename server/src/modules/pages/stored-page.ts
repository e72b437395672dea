import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli quality of stored pages: compressed once per render, on zlib's thread pool, which shares
 * the machine's cores with the event loop. Measured on the demo home page (75.6 KB): quality 5
 * gives 13.0 KB in ~10 ms, 10 gives 11.9 KB in ~100 ms, 11 gives 11.6 KB in ~460 ms. A page with
 * call counters is rendered again every 5 s while it is asked for, per language and theme, so 5:
 * a tenth of the CPU for 10 % more bytes (docs/decisions/003-stored-page-bytes.md).
 */
const BROTLI_QUALITY = 5;
/** Below this, compressing costs more than the bytes it saves (the site's compress threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** What a page's CSP must allow besides 'self': its inline scripts' hashes, the snippet's hosts. */
export interface ScriptSources {
  /** `'sha256-…'` of each inline script, in the page's order, without repeats. */
  hashes: string[];
  /** The absolute http(s) addresses of external scripts the admin's analytics snippet loads. */
  urls: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Types a browser runs as script; any other (application/json, ld+json) is a data block. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The sources a page's scripts need. React escapes every `<` of text and attributes, so each
 * `<script` in rendered markup is one the server or the admin's snippet put there.
 */
export function scriptSources(html: string): ScriptSources {
  const hashes = new Set<string>();
  const urls = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    const type = TYPE.exec(attributes);
    const kind = (type ? (type[1] ?? type[2] ?? type[3]) : '').trim().toLowerCase();
    if (!SCRIPT_TYPES.has(kind)) continue;
    const src = SRC.exec(attributes);
    if (!src) {
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      continue;
    }
    const url = (src[1] ?? src[2] ?? src[3]).trim();
    if (/^https?:\/\/[^\s;,']+$/i.test(url)) urls.add(url.replace(/[?#].*$/, ''));
  }
  return { hashes: [...hashes], urls: [...urls] };
}

/**
 * Headers of every HTML page: scripts only from this origin or listed by the page (the hashes of
 * its inline scripts: the submit hold, home's notice script, the admin's analytics snippet; the
 * snippet's external scripts), no framing by any site (the admin login included), no MIME
 * sniffing, and referrers cut to the origin when leaving the site. Inline styles stay allowed:
 * components set them. An analytics snippet may report to https: hosts.
 */
export function pageSecurityHeaders(sources?: ScriptSources, analytics = false) {
  const scripts = ["'self'", ...(sources?.hashes ?? []), ...(sources?.urls ?? [])];
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src ${scripts.join(' ')}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https: http:",
      analytics ? "connect-src 'self' https:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  } as const;
}

/** The encoding to send a page in: brotli, else gzip, if the browser accepts it (q above 0). */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** Accept-Encoding values seen, and the encoding each picks: browsers send a handful. */
const ENCODINGS = new Map<string, 'br' | 'gzip' | null>();
const ENCODINGS_KEPT = 64;

/** pageEncoding, remembered for the Accept-Encoding values met most. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let encoding = ENCODINGS.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = pageEncoding(acceptEncoding);
    if (ENCODINGS.size >= ENCODINGS_KEPT) ENCODINGS.clear();
    ENCODINGS.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** One encoding of a page: its bytes and its entity tag. */
interface Representation {
  body: Buffer;
  etag: string;
}

/** How the answer was found, in `x-page-cache`: stored, rendered now, or the shell instead. */
export type PageSource = 'hit' | 'miss' | 'shell';

/**
 * A page as it is sent: rendered once, its HTML and its brotli and gzip encodings kept as bytes,
 * its headers (the CSP with its scripts' hashes) made once. Every answer is these bytes; what
 * differs per request (the XSRF cookie) is a header added on the way out.
 */
export class StoredPage {
  private readonly headers: Record<string, string>;

  private constructor(
    readonly status: number,
    private readonly identity: Representation,
    private readonly br: Representation | null,
    private readonly gzip: Representation | null,
    sources: ScriptSources,
    analytics: boolean,
  ) {
    this.headers = {
      ...pageSecurityHeaders(sources, analytics),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'cookie, accept-encoding',
    };
  }

  /**
   * Stores `html`: hashes its scripts and compresses it off the event loop, both encodings at
   * once. A render that changed nothing (`previous` has the same bytes) keeps the stored page.
   */
  static async of(
    status: number,
    html: string,
    analytics: boolean,
    previous?: StoredPage,
  ): Promise<StoredPage> {
    const body = Buffer.from(html);
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    if (previous?.status === status && previous.identity.etag === `"${tag}"`) return previous;
    const sources = scriptSources(html);
    if (body.length < COMPRESS_FROM_BYTES) {
      return new StoredPage(status, { body, etag: `"${tag}"` }, null, null, sources, analytics);
    }
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    return new StoredPage(
      status,
      { body, etag: `"${tag}"` },
      { body: br, etag: `"${tag}-br"` },
      { body: gzipped, etag: `"${tag}-gz"` },
      sources,
      analytics,
    );
  }

  /** The bytes for this request's Accept-Encoding, or 304 when it already has them. */
  send(request: FastifyRequest, reply: FastifyReply, source: PageSource): FastifyReply {
    const encoding = this.br ? encodingFor(request.headers['accept-encoding']) : null;
    const chosen = encoding === 'br' ? this.br! : encoding === 'gzip' ? this.gzip! : this.identity;
    // A content-encoding set here also keeps @fastify/compress from encoding the bytes again.
    if (encoding) void reply.header('content-encoding', encoding);
    void reply.headers(this.headers).header('etag', chosen.etag).header('x-page-cache', source);
    if (this.status === 200 && matches(request.headers['if-none-match'], chosen.etag)) {
      return reply.status(304).send();
    }
    return reply.status(this.status).send(chosen.body);
  }
}

/** If-None-Match lists `etag` (weak comparison, as RFC 9110 asks of GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
