/** The platform operator's back office: searches across shops, suspensions, the maintenance, the audit. */
export * from './admin.tables';
export { createAdminRouter } from './admin.router';
/** Records an action of the platform's operator in the audit (inside the caller's transaction). */
export { insertAudit as recordAdminAction } from './admin.repository';
