import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../../env/env';

const MAX_HOST_LENGTH = 255;

/** How the app names its own address, from the environment (createApp decorates Fastify with it). */
export interface PublicAddress {
  /** PUBLIC_URL's origin, or '' when it is unset. */
  readonly configured: string;
  /** A proxy is trusted (TRUST_PROXY): the Host it passes on is the client's to choose. */
  readonly behindProxy: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicAddress: PublicAddress;
  }
}

export function decoratePublicAddress(
  fastify: FastifyInstance,
  env: Pick<Env, 'PUBLIC_URL' | 'TRUST_PROXY'>,
): void {
  fastify.decorate('publicAddress', {
    configured: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : '',
    behindProxy: env.TRUST_PROXY !== false,
  });
}

/**
 * The site's origin for absolute URLs: PUBLIC_URL; unset, the request's Host (and the
 * connection's scheme) when no proxy is trusted; else '', and documents use relative URLs.
 * X-Forwarded-Host never counts, nor the Host a proxy passes on: both are the client's to write.
 */
export function requestOrigin(request: FastifyRequest): string {
  const { configured, behindProxy } = request.server.publicAddress;
  if (configured || behindProxy) return configured;
  const host = request.host;
  if (!host || host.length > MAX_HOST_LENGTH) return '';
  try {
    const url = new URL(`${request.protocol}://${host}`);
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}

/** Server rendering parses the URL against an origin: requestOrigin's, else a placeholder. */
export const pageOrigin = (request: FastifyRequest) => requestOrigin(request) || 'http://localhost';
