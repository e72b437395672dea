import { parentPort } from 'node:worker_threads';
import { AppError } from '../../common/app-error';
import type { SkippedOperation } from '../../contracts/openapi';
import { readOpenApiDocument } from './import-document';
import { planImport, type ApiDraft } from './import-operations';
import { DRAFTS_PER_MESSAGE, type PlanAnswer, type PlanRequest } from './import-protocol';

/** The pieces of each document still arriving. */
const texts = new Map<number, string[]>();
/** The entries of each document still to be sent, and what it skipped (sent last). */
const outgoing = new Map<number, { batches: ApiDraft[][]; skipped: SkippedOperation[] }>();

const answer = (message: PlanAnswer) => parentPort?.postMessage(message);

/**
 * The import's worker thread: everything between the document's text and its catalogue entries
 * (parsing, conversion, the checks, dereferencing, validation and the entries themselves), so no
 * step of an import holds the main thread's event loop.
 */
async function plan(id: number, text: string): Promise<void> {
  try {
    const { drafts, skipped } = planImport(await readOpenApiDocument(text));
    const batches: ApiDraft[][] = [];
    for (let at = 0; at < drafts.length; at += DRAFTS_PER_MESSAGE) {
      batches.push(drafts.slice(at, at + DRAFTS_PER_MESSAGE));
    }
    outgoing.set(id, { batches, skipped });
    sendNext(id);
  } catch (error) {
    answer(
      error instanceof AppError
        ? { id, refusal: { code: error.code, message: error.message, status: error.status } }
        : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    );
  }
}

function sendNext(id: number): void {
  const entries = outgoing.get(id);
  if (!entries) return;
  const drafts = entries.batches.shift() ?? [];
  if (entries.batches.length > 0) {
    answer({ id, drafts, more: true });
    return;
  }
  outgoing.delete(id);
  answer({ id, drafts, skipped: entries.skipped });
}

parentPort?.on('message', (request: PlanRequest) => {
  const { id } = request;
  if ('bytes' in request) {
    const { buffer, byteOffset, byteLength } = request.bytes;
    void plan(id, Buffer.from(buffer, byteOffset, byteLength).toString('utf8'));
  } else if ('chunk' in request) {
    texts.set(id, [...(texts.get(id) ?? []), request.chunk]);
  } else if ('end' in request) {
    const text = (texts.get(id) ?? []).join('');
    texts.delete(id);
    void plan(id, text);
  } else {
    sendNext(id);
  }
});
