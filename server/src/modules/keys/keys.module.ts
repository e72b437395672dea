import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEntry, ApiKey, User } from '../../database/entities';
import { AuditModule } from '../audit';
import { SessionsModule } from '../sessions';
import { ApiKeyService } from './api-keys';
import { KeyCache } from './key-cache';
import { KeysAdminController, KeysController } from './keys.controller';
import { KeysService } from './keys.service';

/** API keys: issuing and hashing, the gateway's in-memory cache, and users' and admins' CRUD. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, ApiEntry, User]), AuditModule, SessionsModule],
  controllers: [KeysController, KeysAdminController],
  providers: [ApiKeyService, KeyCache, KeysService],
  exports: [ApiKeyService, KeyCache, KeysService],
})
export class KeysModule {}
