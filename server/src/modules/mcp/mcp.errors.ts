import type { ErrorCode, ErrorEnvelope } from '../../contracts/errors';

/** JSON-RPC's own codes, and the one the MCP SDK uses for transport-level refusals. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
  transport: -32000,
} as const;

/** The site's code for an MCP answer refused at the HTTP level, by status. */
const CODES: Record<number, ErrorCode> = {
  400: 'mcp.invalid_message',
  405: 'request.method_not_allowed',
  406: 'mcp.not_acceptable',
  413: 'request.body_too_large',
  415: 'request.unsupported_media_type',
};

export interface McpErrorBody extends ErrorEnvelope {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string };
}

/**
 * An MCP request refused before any JSON-RPC method runs. The body is a JSON-RPC error (what MCP
 * clients read) that is also the site's error envelope (what every other error answer is), so
 * both kinds of reader find what they expect.
 */
export function mcpError(
  status: number,
  rpcCode: number,
  message: string,
  code: ErrorCode = CODES[status] ?? 'mcp.invalid_message',
): McpErrorBody {
  return {
    jsonrpc: '2.0',
    id: null,
    error: { code: rpcCode, message },
    success: false,
    message,
    code,
  };
}
