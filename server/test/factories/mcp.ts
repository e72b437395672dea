import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from '../harness';

/** An SDK client connected to the app's /mcp, with the key as its bearer token when given. */
export async function connectMcp(t: TestApp, key?: string): Promise<Client> {
  const client = new Client({ name: 'portico-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(
    new URL('/mcp', t.baseUrl),
    key ? { requestInit: { headers: { Authorization: `Bearer ${key}` } } } : undefined,
  );
  await client.connect(transport);
  return client;
}

export const callTool = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** POST /mcp (or `path`) with a raw body and headers, as a misbehaving client would. */
export async function rawMcpPost(
  t: TestApp,
  body: string,
  headers: Record<string, string> = {},
  path = '/mcp',
) {
  const response = await fetch(new URL(path, t.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/** A raw `initialize` request, as any MCP client opens with. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});
