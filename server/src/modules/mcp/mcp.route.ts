import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import { toErrorAnswer } from '../../common/error-answer';
import { RateLimiter } from '../../common/rate-limiter';
import type { ErrorCode } from '../../contracts/errors';
import { ENV } from '../../env/env';
import type { Env } from '../../env/env';
import { hashApiKey } from '../keys';
import { extractKey } from '../gateway';
import { GatewayKey, KeyCache } from '../keys';
import { requestOrigin } from '../openapi';
import { TOOL_LIMITS } from './dto/tool-args';
import { JSON_RPC, mcpError } from './mcp.errors';
import { McpService } from './mcp.service';

/** The headers the Streamable HTTP transport reads; nothing else of the request reaches it. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'];

/** Fastify's JSON parser's refusals: JSON-RPC calls them parse errors. */
const UNREADABLE_JSON = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** Like the gateway, /mcp is key-authenticated (no cookies), so any web page may call it. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
} as const;

/**
 * The MCP server at /mcp: Streamable HTTP, stateless (a fresh server and transport per POST) and
 * answering with plain JSON, registered straight on Fastify like the gateway. It sits outside
 * /api, so the CSRF guard does not cover it; it takes JSON bodies through the app's JSON parser,
 * and every refusal is a JSON-RPC error that is also the site's error envelope.
 */
@Injectable()
export class McpRoute implements OnModuleInit {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly mcp: McpService,
    private readonly keys: KeyCache,
    private readonly limiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register((instance, _options, done) => {
      // Body parsing fails here (bad JSON, too large, not JSON) before the handler runs.
      instance.setErrorHandler((error, _request, reply) => this.refuse(reply, error));
      instance.route({
        method: 'POST',
        url: '/mcp',
        bodyLimit: TOOL_LIMITS.requestBytes,
        handler: (request, reply) => this.handle(request, reply),
      });
      // Stateless: no server-to-client stream (GET) and no session to end (DELETE).
      instance.route({
        method: ['GET', 'DELETE'],
        url: '/mcp',
        handler: (_request, reply) =>
          reply
            .status(405)
            .headers({ ...CORS_HEADERS, allow: 'POST' })
            .send(mcpError(405, JSON_RPC.transport, 'Method not allowed: POST JSON-RPC messages')),
      });
      instance.route({
        method: 'OPTIONS',
        url: '/mcp',
        handler: (_request, reply) =>
          reply
            .status(204)
            .headers({
              ...CORS_HEADERS,
              'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
              'access-control-allow-headers':
                'Authorization, X-API-Key, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id',
              'access-control-max-age': '86400',
            })
            .send(),
      });
      done();
    });
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    void reply.headers(CORS_HEADERS);
    const headers = new Headers();
    try {
      for (const name of TRANSPORT_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
    } catch {
      return reply
        .status(400)
        .send(mcpError(400, JSON_RPC.invalidRequest, 'Bad request: unreadable header'));
    }
    const key = extractKey(request);
    if (key !== undefined) {
      const refused = await this.refuseKey(key, request.ip, reply);
      if (refused) return refused;
    }
    const server = this.mcp.serverFor({
      key,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      origin: requestOrigin(request),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(
        new Request('http://portico.invalid/mcp', { method: 'POST', headers }),
        { parsedBody: request.body },
      );
      return await this.relay(reply, response);
    } finally {
      await server.close();
    }
  }

  /**
   * A key that is not current is refused before any JSON-RPC method runs, so no session opens
   * with it (and none goes on once it is revoked); keyless requests go on, for free APIs. Like
   * the gateway's, each refusal counts against the caller's address (the gateway's own
   * per-address allowance), so /mcp is no faster a way to try keys.
   */
  private async refuseKey(
    key: string,
    ip: string,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    let found = this.keys.find(hashApiKey(key));
    if (found instanceof Promise) found = await found;
    const refusal = keyRefusal(found);
    if (!refusal) return undefined;
    const limit = await this.limiter.hit(`ip:${ip}`, this.env.RATE_LIMIT_PER_IP);
    if (!limit.allowed) {
      const message = 'too many requests, try again later';
      return reply
        .status(429)
        .header('retry-after', String(limit.resetSeconds))
        .send(mcpError(429, JSON_RPC.transport, message, 'gateway.rate_limited'));
    }
    return reply
      .status(401)
      .header(
        'www-authenticate',
        `Bearer error="invalid_token", error_description="${refusal.message}"`,
      )
      .send(mcpError(401, JSON_RPC.transport, refusal.message, refusal.code));
  }

  /** The transport's answer, its refusals given the envelope's fields too. */
  private async relay(reply: FastifyReply, response: Response): Promise<FastifyReply> {
    void reply.status(response.status);
    const type = response.headers.get('content-type');
    if (type) void reply.header('content-type', type);
    const body = await response.text();
    if (response.status < 400) return reply.send(body || undefined);
    let rpcCode: number = JSON_RPC.invalidRequest;
    let message = 'Bad request';
    try {
      const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
      if (typeof parsed.error?.code === 'number') rpcCode = parsed.error.code;
      if (typeof parsed.error?.message === 'string') message = parsed.error.message;
    } catch {
      // The transport always answers JSON; the defaults above cover anything else.
    }
    return reply.send(mcpError(response.status, rpcCode, message));
  }

  private refuse(reply: FastifyReply, error: unknown): FastifyReply {
    const code = (error as { code?: unknown } | null)?.code;
    const answer = toErrorAnswer(
      typeof code === 'string' && UNREADABLE_JSON.has(code)
        ? new AppError('request.invalid_json', 'Parse error: the body is not valid JSON', 400)
        : error,
    );
    if (answer.status >= 500) {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    const rpcCode =
      answer.body.code === 'request.invalid_json'
        ? JSON_RPC.parseError
        : answer.status >= 500
          ? JSON_RPC.internalError
          : JSON_RPC.invalidRequest;
    return reply
      .status(answer.status)
      .headers({ ...CORS_HEADERS, ...answer.headers })
      .send(mcpError(answer.status, rpcCode, answer.body.message, answer.body.code));
  }
}

/** Why a key may not open an MCP session, as the gateway would refuse it, or undefined. */
function keyRefusal(key: GatewayKey | null): { code: ErrorCode; message: string } | undefined {
  if (!key || !key.active) return { code: 'gateway.key_invalid', message: 'invalid API key' };
  if (key.revoked) return { code: 'gateway.key_revoked', message: 'this API key was revoked' };
  if (key.expiresAt !== null && key.expiresAt <= Date.now()) {
    return { code: 'gateway.key_expired', message: 'this API key has expired' };
  }
  return undefined;
}
