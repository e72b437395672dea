import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from '../../database/entities';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/**
 * Global so any service can record an admin write. It is imported by the admin feature modules
 * rather than listed in FEATURE_MODULES; Nest registers its controller through them.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditLog])],
  controllers: [AuditController],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
