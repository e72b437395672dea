import type { AppError } from '../../common/app-error';
import type { SkippedOperation } from '../../contracts/openapi';
import type { ApiDraft } from './import-operations';

/*
 * The messages between the import's worker (import-worker.ts) and the main thread
 * (parser-worker.ts). Their own module, so that the main thread never loads the worker's: the
 * parsers and validators are tens of megabytes and most of a second to load.
 */

/**
 * What the main thread sends: a document's bytes (moved, not copied) or a piece of its text
 * (`end` once it is all sent), and `next` for each further batch of entries it is ready for.
 */
export type PlanRequest =
  | { id: number; bytes: Uint8Array }
  | { id: number; chunk: string }
  | { id: number; end: true }
  | { id: number; next: true };

/** The catalogue entries a batch at a time (`more` until the last), or why there are none. */
export type PlanAnswer =
  | { id: number; drafts: ApiDraft[]; more: true }
  | { id: number; drafts: ApiDraft[]; skipped: SkippedOperation[] }
  | { id: number; refusal: Pick<AppError, 'code' | 'message' | 'status'> }
  | { id: number; failure: string };

/**
 * A message is copied on the thread that reads it, and a thread reads the messages waiting for it
 * in one go: 13 MB of text or 4 MB of entries at once hold that thread for tens of milliseconds.
 * Sent in pieces, each read when the last is done, each is a short task of its own.
 */
export const TEXT_CHUNK_CHARS = 1 << 20;
export const DRAFTS_PER_MESSAGE = 100;
