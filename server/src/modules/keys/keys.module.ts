import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEntry, ApiKey } from '../../database/entities';
import { AuditModule } from '../audit/audit.module';
import { BillingModule } from '../billing/billing.module';
import { KeysAdminController, KeysController } from './keys.controller';
import { KeysService } from './keys.service';

/** Users' API keys: the default key's rotation and the named keys' CRUD (issue #15). */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, ApiEntry]), AuditModule, BillingModule],
  controllers: [KeysController, KeysAdminController],
  providers: [KeysService],
  exports: [KeysService],
})
export class KeysModule {}
