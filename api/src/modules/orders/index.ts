/** Checkout and orders (modules/orders): cart pricing, placing orders, order lists and details, grouped-order payers. */
export * from './orders.tables';
export { createOrdersRouter, groupedOrderTtlHours } from './orders.router';
export { createOrdersService, ORDER_MESSAGES, type LedgerPayment, type OrderPaymentsLedger, type OrdersService } from './orders.service';
export { findShopByRef, checkoutSettingsOf } from './orders.checkout';
export { buildOrder } from './orders.pricing';
export { nextCounterValue } from './orders.repository';
export type { PaymentsPort, CreatePaymentsInput, CreatedPayments, PaymentChange, PaymentsListItem, RefundLine } from './payments.port';
export { takePlaces, giveBackPlaces, placesLeftOf } from './orders.repository';
