import { Injectable, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorCodeOf } from '../../contracts/errors';
import { CatalogueDocs } from '../openapi';
import type { DocumentedApi } from '../openapi';
import {
  CALL_API_ARGS,
  CallApiArgs,
  GET_API_ARGS,
  SEARCH_APIS_ARGS,
  TOOL_LIMITS,
} from './dto/tool-args';
import { AnswerHead, GatewayAnswer, GatewayClient } from './gateway-client';

/** Who is on the other end of one /mcp request. */
export interface McpCaller {
  /** The API key from the bearer token (or X-API-Key / ?key=, as the gateway reads them). */
  key?: string;
  ip: string;
  userAgent: string;
  /** The origin the request reached, for links when no site_url is configured. */
  origin: string;
}

const INSTRUCTIONS =
  'Portico is a catalogue of HTTP APIs. Find one with search_apis, read its parameters with ' +
  "get_api, and call it with call_api. Free APIs need no key; paid ones charge the caller's " +
  "balance per successful call and need the API key as this connection's bearer token.";

const DEFAULT_SEARCH_LIMIT = 20;

const text = (value: string): CallToolResult['content'][number] => ({ type: 'text', text: value });
const toolError = (message: string): CallToolResult => ({
  content: [text(message)],
  isError: true,
});

/**
 * The MCP tools. A server is built per request (the transport is stateless) around the caller,
 * so the tools know whose key to use without any session state.
 */
@Injectable()
export class McpService {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly docs: CatalogueDocs,
    private readonly gateway: GatewayClient,
  ) {}

  serverFor(caller: McpCaller): McpServer {
    const server = new McpServer(
      { name: 'portico', version: '1.0.0' },
      { instructions: INSTRUCTIONS, maxToolInputElements: TOOL_LIMITS.argumentElements },
    );
    server.registerTool(
      'search_apis',
      {
        title: 'Search APIs',
        description:
          "Finds enabled APIs by words in their names and descriptions. Returns each match's " +
          'name, name_en, description, method and price per call in yuan ("0.000" when free).',
        inputSchema: SEARCH_APIS_ARGS,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (args) => this.guarded(() => this.search(args.query, args.limit)),
    );
    server.registerTool(
      'get_api',
      {
        title: 'Get API documentation',
        description:
          "One API's documentation: endpoint, method, price, parameters, response fields, " +
          'status codes and an example.',
        inputSchema: GET_API_ARGS,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (args) => this.guarded(() => this.describe(args.name_en, caller)),
    );
    server.registerTool(
      'call_api',
      {
        title: 'Call an API',
        description:
          'Calls an API through the gateway, exactly as GET/POST /apis/<name_en> would: query ' +
          'parameters in `query`, a JSON body in `body` (POST and PUT APIs). A paid API charges ' +
          "its price to the connection's API key on success and refunds failures.",
        inputSchema: CALL_API_ARGS,
        annotations: { readOnlyHint: false, openWorldHint: true },
      },
      (args) => this.guarded(() => this.call(args, caller)),
    );
    return server;
  }

  /** A tool that fails unexpectedly says so without its error's text (which may hold internals). */
  private async guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
    try {
      return await run();
    } catch (error) {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return toolError('The tool failed unexpectedly; try again later.');
    }
  }

  private async search(query: string, limit = DEFAULT_SEARCH_LIMIT): Promise<CallToolResult> {
    const found = await this.docs.search(query, limit);
    const rows = found.map((api) => ({
      name: api.name,
      name_en: api.name_en,
      description: api.description,
      method: api.method,
      price: api.is_paid ? api.price : '0.000',
    }));
    return { content: [text(JSON.stringify(rows, null, 2))] };
  }

  private async describe(nameEn: string, caller: McpCaller): Promise<CallToolResult> {
    const markdown = await this.docs.markdown(nameEn, caller.origin);
    if (markdown === undefined) return notFound(nameEn);
    return { content: [text(markdown)] };
  }

  private async call(args: CallApiArgs, caller: McpCaller): Promise<CallToolResult> {
    const api = await this.docs.find(args.name_en);
    if (!api) return notFound(args.name_en);
    const method = args.method ?? api.method;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(args.query ?? {})) {
      // The key is this connection's bearer token; a query key would be a second identity.
      if (name === 'key') {
        return toolError(
          'Do not pass an API key in the query: connect with it as the bearer token.',
        );
      }
      search.append(name, String(value));
    }
    if (search.toString().length > TOOL_LIMITS.queryChars) {
      return toolError(`The query is too long (at most ${TOOL_LIMITS.queryChars} characters).`);
    }
    let body: EncodedBody | undefined;
    if (args.body !== undefined) {
      if (method === 'GET' || method === 'DELETE') {
        return toolError(`A ${method} call takes no body: put the parameters in "query".`);
      }
      const encoded = await encodeBody(api, args.body);
      if (typeof encoded === 'string') return toolError(encoded);
      body = encoded;
      if (body.bytes.length > TOOL_LIMITS.callBodyBytes) {
        return toolError(`The body is too large (at most ${TOOL_LIMITS.callBodyBytes} bytes).`);
      }
    }
    const answer = await this.gateway.call({
      nameEn: api.name_en,
      method,
      search,
      body: body?.bytes,
      contentType: body?.type,
      key: caller.key,
      ip: caller.ip,
      userAgent: `${caller.userAgent || 'MCP client'} (via MCP)`.slice(0, 500),
      maxBytes: bodyLimit,
    });
    return answer.status >= 400
      ? toolError(await this.refusal(api, answer, caller))
      : this.result(api, answer);
  }

  private result(api: DocumentedApi, answer: GatewayAnswer): CallToolResult {
    const type = mediaType(answer);
    const status = text(
      `HTTP ${answer.status} from /apis/${api.name_en} (${type || 'no body'}${charged(api)})`,
    );
    if (isRaster(type)) {
      if (answer.cut) {
        return {
          content: [
            status,
            text(
              `The image is larger than ${TOOL_LIMITS.imageBytes} bytes, too large to return here.`,
            ),
          ],
        };
      }
      return {
        content: [status, { type: 'image', data: answer.body.toString('base64'), mimeType: type }],
      };
    }
    const body = textOf(answer);
    return { content: body ? [status, text(body)] : [status] };
  }

  /** Why the call failed, and what the agent (or its user) can do about it. */
  private async refusal(api: DocumentedApi, answer: GatewayAnswer, caller: McpCaller) {
    let envelope: unknown;
    try {
      envelope = answer.cut ? undefined : JSON.parse(answer.body.toString('utf8'));
    } catch {
      envelope = undefined;
    }
    const code = errorCodeOf(envelope);
    // Not the gateway's refusal: an upstream's own error answer, which is charged like any answer.
    if (!code) {
      return `HTTP ${answer.status} from /apis/${api.name_en}${charged(api)}: ${textOf(answer) || '(no body)'}`;
    }
    const message = (envelope as { message?: unknown }).message;
    const said = `${answer.status} ${code}: ${typeof message === 'string' ? message : 'the call failed'}`;
    const site = await this.docs.siteUrl(caller.origin);
    switch (code) {
      case 'gateway.insufficient_balance':
        return `${said}. Recharge at ${site}/user/recharge, then call again.`;
      case 'gateway.key_required':
        return (
          `${said}. ${api.name_en} costs ${api.price} yuan per call: connect to this MCP server ` +
          `with your API key as the bearer token (Authorization: Bearer <key>); the key is in ` +
          `your user centre at ${site}/user/dashboard.`
        );
      case 'gateway.key_invalid':
        return (
          `${said}. The bearer token is not a current API key (a changed key stops working at ` +
          `once): use the key shown at ${site}/user/dashboard.`
        );
      case 'gateway.rate_limited':
        return `${said}. Retry after ${String(answer.headers['retry-after'] ?? 'a few')} seconds.`;
      default:
        return said;
    }
  }
}

const charged = (api: DocumentedApi) => (api.is_paid ? `; charged ${api.price} yuan` : '');

const mediaType = (answer: AnswerHead) =>
  String(answer.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();

/** Raster images go back as MCP image content, which clients can show; SVG is text a model reads. */
const isRaster = (type: string) => type.startsWith('image/') && type !== 'image/svg+xml';

/**
 * How much of an answer is read: an image's cap, or enough UTF-8 for the text cap (a UTF-16
 * unit of text takes at most 3 bytes). The rest is never read.
 */
const bodyLimit = (answer: AnswerHead) =>
  answer.status < 400 && isRaster(mediaType(answer))
    ? TOOL_LIMITS.imageBytes
    : TOOL_LIMITS.resultChars * 3;

/** An API's answer as text, cut to what a tool result should carry. */
function textOf(answer: GatewayAnswer): string {
  const body = answer.body.toString('utf8');
  return answer.cut || body.length > TOOL_LIMITS.resultChars
    ? `${body.slice(0, TOOL_LIMITS.resultChars)}\n[cut: the answer is longer than ${TOOL_LIMITS.resultChars} characters]`
    : body;
}

const notFound = (nameEn: string) =>
  toolError(`No enabled API is named "${nameEn}". Use search_apis to find one.`);

interface EncodedBody {
  bytes: Buffer;
  type: string;
}

/**
 * A tool call's body in the API's request format: JSON as given; for a form or a multipart form
 * an object of fields, each a text (other values as their JSON). A multipart API's file parts
 * cannot come from a tool call, which carries JSON only: that is said instead (a string).
 */
async function encodeBody(api: DocumentedApi, body: unknown): Promise<EncodedBody | string> {
  if (api.request_format === 'application/json') {
    return { bytes: Buffer.from(JSON.stringify(body)), type: 'application/json' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return `${api.name_en} takes a form (${api.request_format}): give "body" as an object of fields.`;
  }
  const fields = Object.entries(body).map(([name, value]): [string, string] => [
    name,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
  const file = fields.find(([name]) =>
    api.request_params.some((param) => param.name === name && param.type === 'file'),
  );
  if (file) {
    return `"${file[0]}" is a file upload, which a tool call cannot carry: call ${api.name_en} over HTTP with a multipart form.`;
  }
  if (api.request_format === 'application/x-www-form-urlencoded') {
    return { bytes: Buffer.from(new URLSearchParams(fields).toString()), type: api.request_format };
  }
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const request = new Request('http://portico.invalid/', { method: 'POST', body: form });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? api.request_format,
  };
}
