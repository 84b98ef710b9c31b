/** The caller's notification centre (modules/notifications). */
export { createNotificationsRouter } from './notifications.router';
