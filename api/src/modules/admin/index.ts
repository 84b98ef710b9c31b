/** The platform operator's back office (issue 17): audit of admin actions (more to come: search, shops, maintenance). */
export * from './admin.tables';
export { createAdminRouter } from './admin.router';
