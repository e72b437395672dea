import { request, type Agent, type Dispatcher } from 'undici';
import { AppError } from '../../common/app-error';
import { OPENAPI_IMPORT_MAX_BYTES } from '../../contracts/openapi';
import { webhookUrlProblem } from '../alerts';
import { OpenApiErrors } from './openapi.errors';

/** How long a document may take to arrive, all of it, and how many redirects are followed. */
export const DOCUMENT_FETCH_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 3;
const ACCEPT =
  'application/vnd.oai.openapi+json, application/vnd.oai.openapi, application/json, application/yaml, text/yaml, */*;q=0.5';

/**
 * Checks a URL as the alert webhooks are checked: https, no credentials, no private literal, at
 * most WEBHOOK_URL_MAX characters.
 */
function checked(url: string, allowLoopback: boolean): URL {
  const problem = webhookUrlProblem(url, allowLoopback);
  if (problem?.code === 'alerts.webhook_url_invalid') throw OpenApiErrors.urlInvalid();
  if (problem) throw OpenApiErrors.urlPrivate(url);
  return new URL(url);
}

/**
 * Stops reading an answer: destroying its body makes it emit an abort error, which must have a
 * listener or it would be thrown as an unhandled 'error' event and take the process down.
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** What a failed connection says, in the import's terms. */
function unreachable(error: unknown, url: URL): Error {
  const reason = error instanceof Error ? ((error.cause as Error | undefined) ?? error) : error;
  const text = reason instanceof Error ? reason.message : String(reason);
  if (/resolves to a private address/.test(text)) return OpenApiErrors.urlPrivate(url.href);
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return OpenApiErrors.urlUnreachable(`${DOCUMENT_FETCH_TIMEOUT_MS / 1000} 秒内未取完`);
  }
  return OpenApiErrors.urlUnreachable(text);
}

/**
 * Fetches an OpenAPI document from a public https:// URL under the alert webhooks' rules (the URL
 * and every redirect are checked, and `agent` checks each address a name resolves to before it
 * connects): at most 3 redirects, OPENAPI_IMPORT_MAX_BYTES and DOCUMENT_FETCH_TIMEOUT_MS. Answers
 * the bytes as sent; a refusal is the import's AppError.
 */
export async function fetchDocument(
  address: string,
  agent: Agent,
  allowLoopback: boolean,
): Promise<Buffer> {
  const signal = AbortSignal.timeout(DOCUMENT_FETCH_TIMEOUT_MS);
  let url = checked(address, allowLoopback);
  for (let redirects = 0; ; redirects++) {
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(url, { dispatcher: agent, signal, headers: { accept: ACCEPT } });
    } catch (error) {
      throw unreachable(error, url);
    }
    const { statusCode, headers, body } = answer;
    const location = headers.location;
    if (statusCode >= 300 && statusCode < 400 && typeof location === 'string') {
      discard(body);
      if (redirects === MAX_REDIRECTS) {
        throw OpenApiErrors.urlUnreachable(`重定向超过 ${MAX_REDIRECTS} 次`);
      }
      url = checked(new URL(location, url).href, allowLoopback);
      continue;
    }
    if (statusCode !== 200) {
      discard(body);
      throw OpenApiErrors.urlUnreachable(`网址回答 HTTP ${statusCode}`);
    }
    const declared = Number(headers['content-length']);
    if (declared > OPENAPI_IMPORT_MAX_BYTES) {
      discard(body);
      throw OpenApiErrors.tooLarge(declared);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const chunk of body) {
        bytes += (chunk as Buffer).length;
        if (bytes > OPENAPI_IMPORT_MAX_BYTES) {
          discard(body);
          throw OpenApiErrors.tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreachable(error, url);
    }
    return Buffer.concat(chunks, bytes);
  }
}
