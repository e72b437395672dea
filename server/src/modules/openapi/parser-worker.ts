import { setImmediate as turn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../common/app-error';
import type { ImportPlan } from './import-operations';
import { TEXT_CHUNK_CHARS, type PlanAnswer, type PlanRequest } from './import-protocol';
import { OpenApiErrors } from './openapi.errors';

/** How long one document may take, and the heap it may use, before the import is refused. */
export const IMPORT_TIME_LIMIT_MS = 60_000;
export const IMPORT_HEAP_LIMIT_MB = 512;

/**
 * Starts import-worker, built (.js) or from source (.ts) under the tests, which then compile it
 * with @swc-node/register as Jest does the rest.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.entry.endsWith('.ts')) require('@swc-node/register');
require(workerData.entry);
`;

interface Waiting {
  drafts: ImportPlan['drafts'];
  resolve: (plan: ImportPlan) => void;
  reject: (error: Error) => void;
}

/**
 * Turns a document into its catalogue entries on a worker thread (import-worker.ts), so an admin's
 * 13 MB document does not hold gateway calls and /healthz behind it for seconds. One worker,
 * started on first use and not keeping the process alive while idle. A document that runs past
 * `timeLimitMs` or fills the worker's heap stops the worker and is refused with the limit it
 * passed; the next import starts a new worker.
 */
export class ParserWorker {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;

  constructor(
    private readonly timeLimitMs = IMPORT_TIME_LIMIT_MS,
    private readonly heapLimitMb = IMPORT_HEAP_LIMIT_MB,
  ) {}

  /** The entries of a document given as text (the JSON form) or as the bytes that were sent. */
  async plan(document: string | Buffer): Promise<ImportPlan> {
    const worker = this.start();
    const id = this.nextId++;
    const planned = this.answerTo(worker, id);
    // Refused while the text is still being sent (the worker stopped): answered below.
    planned.catch(() => undefined);
    if (Buffer.isBuffer(document)) {
      const bytes = owned(document);
      worker.postMessage({ id, bytes } satisfies PlanRequest, [bytes.buffer]);
      return planned;
    }
    for (let at = 0; at < document.length; at += TEXT_CHUNK_CHARS) {
      send(worker, { id, chunk: document.slice(at, at + TEXT_CHUNK_CHARS) });
      await turn();
    }
    send(worker, { id, end: true });
    return planned;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) this.stop(worker, new Error('the import worker was stopped'));
    await worker?.terminate();
  }

  private answerTo(worker: Worker, id: number): Promise<ImportPlan> {
    return new Promise<ImportPlan>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(worker, OpenApiErrors.tooSlow(this.timeLimitMs));
      }, this.timeLimitMs);
      const settle = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
      };
      this.waiting.set(id, {
        drafts: [],
        resolve: (plan) => {
          settle();
          resolve(plan);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { entry: require.resolve('./import-worker') },
      resourceLimits: { maxOldGenerationSizeMb: this.heapLimitMb },
    });
    worker.unref();
    worker.on('message', (answer: PlanAnswer) => this.read(worker, answer));
    worker.on('error', (error: Error & { code?: string }) => {
      this.stop(
        worker,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? OpenApiErrors.tooBig(this.heapLimitMb) : error,
      );
    });
    worker.on('exit', (code) => {
      this.stop(worker, new Error(`the import worker exited with ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  /** One answer; the next batch of entries is asked for once the event loop has turned. */
  private read(worker: Worker, answer: PlanAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    if ('refusal' in answer) {
      const { code, message, status } = answer.refusal;
      waiting.reject(new AppError(code, message, status));
    } else if ('failure' in answer) {
      waiting.reject(new Error(`the import worker failed: ${answer.failure}`));
    } else {
      waiting.drafts.push(...answer.drafts);
      if ('skipped' in answer) waiting.resolve({ drafts: waiting.drafts, skipped: answer.skipped });
      else setImmediate(() => send(worker, { id: answer.id, next: true }));
    }
  }

  /** Fails every document the worker holds with `error`; the next document starts a new one. */
  private stop(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiting of [...this.waiting.values()]) waiting.reject(error);
    void worker.terminate();
  }
}

const send = (worker: Worker, request: PlanRequest) => worker.postMessage(request);

/** Bytes that own their whole buffer, which can then be moved to the worker rather than copied. */
const owned = (bytes: Buffer): Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength
    ? new Uint8Array(bytes.buffer)
    : new Uint8Array(bytes);
