// The audit module's public entry: the browser's routes, and the trail every module writes.
export { auditRoutes } from './audit.routes';
export {
  auditChange,
  auditReads,
  recordAudit,
  recordAuditGroup,
  recordReadAudit,
} from './audit-trail';
export { startReadAuditSpooling } from './read-audit-spool';
export type { AuditAction, AuditActor, AuditEntityType, AuditEntry } from './audit-entry';
