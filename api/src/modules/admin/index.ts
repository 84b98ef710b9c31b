/** The platform operator's back office (issue 17): searches across shops, suspensions, the maintenance, the audit. */
export * from './admin.tables';
export { createAdminRouter } from './admin.router';
