import { InitialSchema1763769600000 } from './1763769600000-InitialSchema';
import { AuditLog1767225600000 } from './1767225600000-AuditLog';

/** Every migration, oldest first. */
export const MIGRATIONS = [InitialSchema1763769600000, AuditLog1767225600000];
