import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { RequestMethod } from '../../contracts/apis';

export interface GatewayCall {
  nameEn: string;
  method: RequestMethod;
  search: URLSearchParams;
  /** JSON text, sent as application/json. */
  body?: string;
  /** The caller's API key, if the MCP request carried one. */
  key?: string;
  /** The MCP caller's address: the gateway limits, logs and checks CIDRs on it. */
  ip: string;
  userAgent: string;
}

export interface GatewayAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

/**
 * Calls /apis/<name_en> through Fastify's inject(): the request passes the same routing, key
 * check, rate limits, charge, refund and logs as one from the network, so there is one charging
 * path. The key travels as X-API-Key and the MCP caller's address as the connection's.
 */
@Injectable()
export class GatewayClient {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async call(call: GatewayCall): Promise<GatewayAnswer> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const query = call.search.toString();
    const response = await fastify.inject({
      method: call.method,
      url: `/apis/${encodeURIComponent(call.nameEn)}${query ? `?${query}` : ''}`,
      headers: {
        'user-agent': call.userAgent,
        ...(call.key !== undefined && { 'x-api-key': call.key }),
        ...(call.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(call.body !== undefined && { payload: call.body }),
      remoteAddress: call.ip,
    });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  }
}
