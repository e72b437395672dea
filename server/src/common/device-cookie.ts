import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The browser's own random id: httpOnly, kept across sign-outs (it identifies no account). */
export const DEVICE_COOKIE = 'device';
export const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** What is kept of a browser's id (user_devices, referral marks): its SHA-256. */
export const deviceHash = (id: string) => createHash('sha256').update(id).digest('hex');

/** The hash of the request's browser id; null when it brings none, or a malformed one. */
export function requestDeviceHash(request: FastifyRequest): string | null {
  const id = request.cookies[DEVICE_COOKIE];
  return id && DEVICE_ID.test(id) ? deviceHash(id) : null;
}
