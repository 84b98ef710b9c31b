/** The caller's notification centre (modules/notifications), and what other modules use to tell a shop's staff. */
export { createNotificationsRouter } from './notifications.router';
export {
  notifyShopStaff,
  notifyUsers,
  ORDER_READERS,
  PAYMENT_READERS,
  type ShopStaffNotification,
  type ShopStaffNotificationType,
} from './notifications.emit';
