/** Maintenance banners and pages (modules/maintenances). */
export { createMaintenancesRouter } from './maintenances.router';
