import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { OpenApiModule } from '../openapi/openapi.module';
import { GatewayClient } from './gateway-client';
import { McpRoute } from './mcp.route';
import { McpService } from './mcp.service';

/** The MCP server at /mcp: search, documentation and calls through the gateway, for agents. */
@Module({
  imports: [OpenApiModule, BillingModule],
  providers: [GatewayClient, McpService, McpRoute],
})
export class McpModule {}
