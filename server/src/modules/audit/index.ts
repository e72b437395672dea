/** What other features may take from audit/ (the layer rules allow no deeper import). */
export { AdminRecords } from './admin-records';
export { AuditModule } from './audit.module';
export { AUDIT_INSERT_SQL, AuditService, auditValues } from './audit.service';
export type { AuditActor, AuditChange, LedgerAudit } from './audit.service';
