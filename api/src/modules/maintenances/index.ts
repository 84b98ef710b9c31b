/** Maintenance banners and pages (modules/maintenances). */
export { createMaintenancesRouter } from './maintenances.router';
/** What /v1/admin/maintenance edits (modules/admin), inside its own transaction. */
export { findCurrentMaintenance, saveMaintenance, type MaintenanceValues } from './maintenances.repository';
