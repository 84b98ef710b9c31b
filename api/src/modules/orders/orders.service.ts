/**
 * Checkout and orders as one object for the router, the sales and reservations modules and the demo seed: each
 * operation is a module-level function of its own file, given here its dependencies (the db, the payments port, the
 * clock, how mails go, the sales module's additions).
 *   orders.checkout.ts        placing an order from a cart (one transaction), the cart's price
 *   orders.read.ts            who reads an order, its detail, the lists      orders.detail.ts  answers built from rows
 *   orders.lifecycle.ts       abort, expiry, validation, the seller's cancel (release of stock and places)
 *   orders.settlement.ts      the order following its payments, confirmation
 *   orders.payment-groups.ts  grouped-order payers' links      orders.snapshot.ts  the lines an order keeps
 *   orders.effects.ts         mails queued in the transaction     orders.model.ts     deps, messages, errors
 *   orders.repository.ts      every query
 */
import type { PayRequest } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import type { AppDeps } from '../../platform/deps';
import type { Logger } from '../../platform/logger';
import type { Viewer } from '../catalog';
import { cartPrice, placeOrder } from './orders.checkout';
import { abortOrder, cancelCheckoutInTx, sweepExpired, validateOrder } from './orders.lifecycle';
import type { OrdersContext, OrdersDeps, PaymentsLedgerOf, PlaceOrderBody, StaffExtra } from './orders.model';
import { payGroup, paymentGroupView } from './orders.payment-groups';
import { getOrder, listOrders } from './orders.read';
import type { OrdersListQuery } from './orders.schemas';
import { settle } from './orders.settlement';
import type { PaymentChange, PaymentsPort } from './payments.port';

export function createOrdersService(deps: OrdersDeps) {
  const { clock = () => new Date(), ...rest } = deps;
  // the sales module is built after this service (it is given it) and fills these then
  const ctx: OrdersContext = { ...rest, clock, sales: { staffExtra: null, paymentsLedger: null } };
  return {
    cartPrice: (viewer: Viewer, input: { orders: PlaceOrderBody['order'][] }) => cartPrice(ctx, viewer, input),
    placeOrder: (auth: UserAuthContext, body: PlaceOrderBody, headerKey: string | undefined) => placeOrder(ctx, auth, body, headerKey),
    getOrder: (auth: UserAuthContext, id: number) => getOrder(ctx, auth, id),
    listOrders: (auth: UserAuthContext, q: OrdersListQuery) => listOrders(ctx, auth, q),
    abortOrder: (auth: UserAuthContext, id: number) => abortOrder(ctx, auth, id),
    validateOrder: (auth: UserAuthContext, id: number) => validateOrder(ctx, auth, id),
    settle: (dbx: DbOrTx, orderId: number, change?: PaymentChange) => settle(ctx, dbx, orderId, change),
    sweepExpired: (limit?: number) => sweepExpired(ctx, limit),
    paymentGroupView: (token: string) => paymentGroupView(ctx, token),
    payGroup: (token: string, body: PayRequest) => payGroup(ctx, token, body),
    cancelCheckoutInTx: (tx: DbOrTx, orderId: number) => cancelCheckoutInTx(ctx.payments, tx, orderId),
    /** the sales module adds its block to the staff's order detail */
    setStaffExtra(fn: StaffExtra | null) {
      ctx.sales.staffExtra = fn;
    },
    /** the sales module adds the payments recorded against the order's invoices, and what they still owe */
    setPaymentsLedger(fn: PaymentsLedgerOf | null) {
      ctx.sales.paymentsLedger = fn;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** GROUPED_ORDER_TTL_HOURS (default 48): read here, the platform config belongs to everyone. */
export function groupedOrderTtlHours(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.GROUPED_ORDER_TTL_HOURS);
  return Number.isFinite(n) && n > 0 ? n : 48;
}

const SWEEP_MS = 60_000;

/**
 * Grouped orders past their expiry expire within a minute (they also expire lazily when read or paid). Started once by
 * the composition root; the timer never keeps the process alive.
 */
export function startGroupedOrderExpirySweep(service: Pick<OrdersService, 'sweepExpired'>, logger: Logger): NodeJS.Timeout {
  const timer = setInterval(() => {
    service.sweepExpired().catch((err) => logger.warn({ err }, 'grouped-order expiry sweep failed'));
  }, SWEEP_MS);
  timer.unref();
  return timer;
}

/**
 * The api's orders service: mails queued as 'mail' jobs in the order's transaction (sent by the worker), an order
 * settled whenever one of its payments changes, and — outside tests, unless `sweep: false` — the expiry sweep.
 */
export function startOrdersService(deps: AppDeps, payments: PaymentsPort, opts: { sweep?: boolean } = {}): OrdersService {
  const { db, config, logger } = deps;
  const service = createOrdersService({
    db,
    payments,
    logger,
    publicUrl: config.accounts.publicUrl,
    groupedTtlHours: groupedOrderTtlHours(),
  });
  payments.onPaymentChanged((dbx, id, change) => service.settle(dbx, id, change));
  if (opts.sweep !== false && config.nodeEnv !== 'test') startGroupedOrderExpirySweep(service, logger);
  return service;
}
