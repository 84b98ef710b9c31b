/** Checkout and orders (modules/orders): cart pricing, placing orders, order lists and details, grouped-order payers. */
export * from './orders.tables';
export { createOrdersRouter } from './orders.router';
export { createOrdersService, groupedOrderTtlHours, startOrdersService, type OrdersService } from './orders.service';
export { ORDER_MESSAGES, type LedgerPayment, type OrderPaymentsLedger } from './orders.model';
export { checkoutSettingsOf } from './orders.checkout-settings';
export { findShopByRef } from './orders.repository';
export { buildOrder } from './orders.pricing';
export { nextCounterValue } from './orders.repository';
export type { PaymentsPort, CreatePaymentsInput, CreatedPayments, PaymentChange, PaymentsListItem, RefundLine } from './payments.port';
export { takePlaces, giveBackPlaces, placesLeftOf } from './orders.repository';
