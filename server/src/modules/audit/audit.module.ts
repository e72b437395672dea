import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from '../../database/entities';
import { SessionsModule } from '../sessions';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The admin audit log: every admin write records who changed what, in the write's transaction. */
@Module({
  imports: [SessionsModule, TypeOrmModule.forFeature([AuditLog])],
  controllers: [AuditController],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
