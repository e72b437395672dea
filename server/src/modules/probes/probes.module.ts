import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEntry, ApiProbe } from '../../database/entities';
import { ApiHealthModule } from '../api-health';
import { AuditModule } from '../audit';
import { GatewayModule } from '../gateway';
import { SessionsModule } from '../sessions';
import { ProbeRunner } from './probe-runner';
import { ProbesAdminController } from './probes-admin.controller';
import { ProbesAdminService } from './probes-admin.service';

/** Active probes: each API's optional check call, run through the gateway on a schedule. */
@Module({
  imports: [
    ApiHealthModule,
    AuditModule,
    GatewayModule,
    SessionsModule,
    TypeOrmModule.forFeature([ApiEntry, ApiProbe]),
  ],
  controllers: [ProbesAdminController],
  providers: [ProbeRunner, ProbesAdminService],
  exports: [ProbeRunner],
})
export class ProbesModule {}
