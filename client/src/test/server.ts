import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The HTTP server the specs talk to; each spec adds the answers it needs with server.use(). */
export const server = setupServer();

/** A successful envelope around `data`. */
export const ok = <T>(data: T, message = 'ok') =>
  HttpResponse.json({ success: true, message, data });

/** A failed envelope with the given status, or a raw body when it is not an object. */
export const failure = (status: number, body: object | string = {}) =>
  typeof body === 'string'
    ? new HttpResponse(body, { status })
    : HttpResponse.json({ success: false, ...body }, { status });

export { http, HttpResponse };
