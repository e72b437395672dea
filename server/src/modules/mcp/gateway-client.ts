import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { RequestMethod } from '../../contracts/apis';

export interface GatewayCall {
  nameEn: string;
  method: RequestMethod;
  search: URLSearchParams;
  /** The body's bytes, sent with `contentType`. */
  body?: Buffer;
  contentType?: string;
  /** The caller's API key, if the MCP request carried one. */
  key?: string;
  /** The MCP caller's address: the gateway limits, logs and checks CIDRs on it. */
  ip: string;
  userAgent: string;
  /** How many bytes of the answer's body to read at most, given its status and headers. */
  maxBytes: (head: AnswerHead) => number;
}

export interface AnswerHead {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface GatewayAnswer extends AnswerHead {
  /** The body's first bytes: all of it unless `cut`, else `maxBytes` of it. */
  body: Buffer;
  /** The body went on past `maxBytes`: the rest was never read, the answer was closed. */
  cut: boolean;
}

/**
 * Calls /apis/<name_en> through Fastify's inject(): the request passes the same routing, key
 * check, rate limits, charge, refund and logs as one from the network, so there is one charging
 * path. The key travels as X-API-Key and the MCP caller's address as the connection's. A keyed
 * call also carries a fresh Idempotency-Key, so the gateway records it like any client's paid
 * call and its charge is tied to that one tool call.
 *
 * The answer is read as a stream, as a network client would, and closed once `maxBytes` are in:
 * the gateway then stops reading the upstream and drops its connection, as it does for a client
 * that hangs up. The call's charge stands as for that client (it was made when the call was).
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
        ...(call.key !== undefined && { 'x-api-key': call.key, 'idempotency-key': randomUUID() }),
        ...(call.contentType !== undefined && { 'content-type': call.contentType }),
      },
      ...(call.body !== undefined && { payload: call.body }),
      remoteAddress: call.ip,
      payloadAsStream: true,
    });
    const head: AnswerHead = { status: response.statusCode, headers: response.headers };
    const maxBytes = call.maxBytes(head);
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    try {
      for await (const chunk of response.stream() as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size > maxBytes) {
          cut = true;
          break;
        }
      }
    } finally {
      // Closes an answer still being written (a no-op once it ended): the gateway's stream of the
      // upstream is destroyed with it.
      response.raw.res.destroy();
    }
    const body = Buffer.concat(chunks, size);
    return { ...head, body: cut ? body.subarray(0, maxBytes) : body, cut };
  }
}
