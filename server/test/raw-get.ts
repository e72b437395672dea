import type { HttpClient } from './http-client';

/** A GET with the client's cookies whose answer is left unread: its bytes as sent, or a stream. */
export function rawGet(client: HttpClient, path: string): Promise<Response> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(new URL(path, client.baseUrl), { headers: { cookie } });
}
