import { Module } from '@nestjs/common';
import { GatewayModule } from '../gateway';
import { KeysModule } from '../keys';
import { OpenApiModule } from '../openapi';
import { GatewayClient } from './gateway-client';
import { McpRoute } from './mcp.route';
import { McpService } from './mcp.service';

/** The MCP server at /mcp: search, documentation and calls through the gateway, for agents. */
@Module({
  imports: [OpenApiModule, GatewayModule, KeysModule],
  providers: [GatewayClient, McpService, McpRoute],
})
export class McpModule {}
