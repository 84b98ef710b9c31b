/** Shops (modules/shops): the caller's shop, its editor, public shop views. */
export { createShopsRouter } from './shops.router';
export { createShopsService, toPublicShop } from './shops.service';
export { shopPaymentAccounts, type ShopPaymentAccounts } from './payment-keys';
