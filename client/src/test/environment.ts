import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without its gaps: the tests answer HTTP through MSW, and RTK Query and MSW need the web
 * platform's fetch, streams and encoders, which jsdom lacks; Node's own are handed in.
 */
export default class WebJSDOMEnvironment extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Headers,
      Request,
      Response,
      FormData,
      Blob,
      File,
      AbortController,
      AbortSignal,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      TextEncoderStream,
      TextDecoderStream,
      BroadcastChannel,
      structuredClone,
    });
    // Node's fetch needs a base for the app's same-origin paths ('/api/...'): the page's origin.
    (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalOrigin.1')] = new URL(
      this.global.location.href,
    );
  }
}
