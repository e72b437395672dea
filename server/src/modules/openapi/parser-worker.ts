import { Worker } from 'node:worker_threads';

/**
 * The worker: YAML parsing, Swagger 2.0 conversion, dereferencing and validation, the import's
 * steps that take hundreds of milliseconds to seconds for a document near the 1 MB limit. Plain
 * JavaScript over the libraries, so it runs the same from the build and under the tests; the checks and the messages
 * stay in import-document.ts, on the main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const yaml = require(workerData.yaml);
const { dereference, validate } = require(workerData.parser);
const swagger2openapi = require(workerData.converter);
const reason = (error) => String((error && error.message) || error);
const steps = {
  parseYaml: ({ text }) => ({ document: yaml.parse(text, { maxAliasCount: 100 }) }),
  // Minor faults a real 2.0 document has are patched; references stay inside the document.
  async upgrade({ document }) {
    const converted = await swagger2openapi.convertObj(document, {
      patch: true,
      warnOnly: true,
      resolve: false,
      resolveInternal: false,
    });
    return { document: converted.openapi };
  },
  async check({ document, options }) {
    let dereferenced;
    try {
      dereferenced = await dereference(structuredClone(document), options);
    } catch (error) {
      return { failure: 'reference', reason: reason(error) };
    }
    let result;
    try {
      result = await validate(document, options);
    } catch (error) {
      return { failure: 'validator', reason: reason(error) };
    }
    if (result.valid) return { document: dereferenced };
    return {
      failure: 'invalid',
      messages: result.errors.map((error) => error.message),
      additional: result.additionalErrors,
    };
  },
};
parentPort.on('message', async ({ id, step, input }) => {
  try {
    parentPort.postMessage({ id, output: await steps[step](input) });
  } catch (error) {
    parentPort.postMessage({ id, error: reason(error) });
  }
});
`;

/** What `check` finds: the dereferenced document, or why there is none. */
export type CheckOutcome =
  | { document: Record<string, unknown>; failure?: undefined }
  | { failure: 'reference'; reason: string }
  | { failure: 'validator'; reason: string }
  | { failure: 'invalid'; messages: string[]; additional: number };

/** A step the worker threw on (a YAML syntax error), with the library's message. */
export class WorkerStepError extends Error {}

/** The worker did not answer within its time; it has been stopped. */
export class WorkerTimeout extends Error {}

interface Waiting {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Runs the import's heavy steps on a worker thread, so an admin's 1 MB document does not hold
 * gateway calls and /healthz behind it for a second or more. One worker, started on first use and
 * not keeping the process alive while idle; a step past `timeoutMs` stops it (a pathological
 * document cannot keep a thread busy), and the next import starts a new one.
 */
export class ParserWorker {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextStep = 0;

  constructor(private readonly timeoutMs: number) {}

  parseYaml(text: string): Promise<unknown> {
    return this.run<{ document: unknown }>('parseYaml', { text }).then(({ document }) => document);
  }

  /** A Swagger 2.0 document as OpenAPI 3.0 (swagger2openapi). */
  upgrade(document: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.run<{ document: Record<string, unknown> }>('upgrade', { document }).then(
      (upgraded) => upgraded.document,
    );
  }

  check(document: Record<string, unknown>, options: object): Promise<CheckOutcome> {
    return this.run<CheckOutcome>('check', { document, options });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.fail(new WorkerTimeout('the import worker was stopped'));
    await worker?.terminate();
  }

  private run<T>(step: string, input: object): Promise<T> {
    const worker = this.start();
    const id = this.nextStep++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.worker === worker) this.worker = null;
        this.fail(new WorkerTimeout(`${step} took over ${this.timeoutMs} ms`));
        void worker.terminate();
      }, this.timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
      };
      this.waiting.set(id, {
        resolve: (output) => {
          settle();
          resolve(output as T);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      worker.postMessage({ id, step, input });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        yaml: require.resolve('yaml'),
        parser: require.resolve('@readme/openapi-parser'),
        converter: require.resolve('swagger2openapi'),
      },
    });
    worker.unref();
    worker.on('message', (message: { id: number; output?: unknown; error?: string }) => {
      const waiting = this.waiting.get(message.id);
      if (message.error !== undefined) waiting?.reject(new WorkerStepError(message.error));
      else waiting?.resolve(message.output);
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.fail(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the import worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private fail(error: Error): void {
    for (const waiting of [...this.waiting.values()]) waiting.reject(error);
  }
}
