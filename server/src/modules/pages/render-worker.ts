import { Worker } from 'node:worker_threads';
import type { RenderedPage, ServerEntry } from './page-renderer';

/** What a render is given, but its data calls (the worker asks the event loop for those). */
export type RenderInput = Omit<Parameters<ServerEntry['render']>[0], 'fetchFn'>;
type FetchFn = Parameters<ServerEntry['render']>[0]['fetchFn'];

/**
 * The worker: loads the client's server entry and renders what it is sent; each data call of a
 * render is a message to the main thread, which answers it in-process as before.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const entry = require(workerData.entry);
// On Linux a pid of 0 is this thread alone: a render yields the core to the event loop, so the
// gateway's latency holds while pages are rendered again (npm run bench: paid p99 beside pages).
try {
  require('node:os').setPriority(10);
} catch {}
const calls = new Map();
let nextCall = 0;
parentPort.on('message', async (message) => {
  if (message.type === 'fetched') {
    const resolve = calls.get(message.id);
    calls.delete(message.id);
    resolve(new Response(message.body, { status: message.status, headers: { 'content-type': message.contentType } }));
    return;
  }
  const fetchFn = (input, init) => new Promise((resolve) => {
    const id = nextCall++;
    calls.set(id, resolve);
    parentPort.postMessage({ type: 'fetch', id, url: new Request(input, init).url });
  });
  try {
    const page = await entry.render({ ...message.input, fetchFn });
    parentPort.postMessage({ type: 'rendered', id: message.id, page });
  } catch (error) {
    parentPort.postMessage({ type: 'rendered', id: message.id, error: String((error && error.stack) || error) });
  }
});
`;

type FromWorker =
  | { type: 'fetch'; id: number; url: string }
  | { type: 'rendered'; id: number; page?: RenderedPage | null; error?: string };

interface Waiting {
  resolve: (page: RenderedPage | null) => void;
  reject: (error: Error) => void;
}

/**
 * Renders pages on a worker thread: React's render is one synchronous pass of tens of
 * milliseconds (more on a loaded machine), which on the event loop would hold every gateway call
 * and /healthz behind it. A worker that dies is replaced on the next render.
 */
export class RenderWorker {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextRender = 0;

  /** `fetchFn` answers every render's data calls, on the main thread. */
  constructor(
    private readonly entryFile: string,
    private readonly fetchFn: FetchFn,
  ) {}

  render(input: RenderInput): Promise<RenderedPage | null> {
    const worker = this.start();
    const id = this.nextRender++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'render', id, input });
    });
  }

  /** Stops the worker; renders still under way get no page (the shell is served), no error. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const waiting of this.waiting.values()) waiting.resolve(null);
    this.waiting.clear();
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry: this.entryFile } });
    // Idle, it does not keep the process alive.
    worker.unref();
    worker.on('message', (message: FromWorker) => void this.answer(worker, message));
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private async answer(worker: Worker, message: FromWorker): Promise<void> {
    if (message.type === 'rendered') {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.page ?? null);
      return;
    }
    try {
      const response = await this.fetchFn(message.url);
      worker.postMessage({
        type: 'fetched',
        id: message.id,
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/json',
        body: await response.text(),
      });
    } catch {
      worker.postMessage({
        type: 'fetched',
        id: message.id,
        status: 502,
        contentType: 'application/json',
        body: '{"success":false}',
      });
    }
  }
}
