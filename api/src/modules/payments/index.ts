/** Online payments (modules/payments): providers, webhooks, the payments the orders module creates. */
export * from './payments.tables';
export { createPaymentsModule, type PaymentsModule, type PaymentsModuleInternals } from './payments.module';
export { PAYMENT_MESSAGES, PaymentDeclinedError } from './payments.service';
export { GROUP_TOKEN_HEADER, TOO_MANY_PAYMENT_ATTEMPTS } from './payments.router';
