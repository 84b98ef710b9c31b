/** Accounts administration for superAdmins (modules/admin-users). */
export { createAdminUsersRouter } from './admin-users.router';
