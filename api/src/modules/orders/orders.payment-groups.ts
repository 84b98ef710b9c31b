/**
 * Grouped-order payers: each share of a grouped order is paid from a link mailed to its payer (the token of the link
 * is the only credential). The order expires lazily before a share is shown or paid.
 */
import { CART_MESSAGES, type PaymentGroupView, type PaymentResult, type PayRequest } from 'shared-kernel/contracts';
import { HttpError, notFound } from '../../platform/errors';
import { expireIfDue, type CloseDeps } from './orders.lifecycle';
import { CLOSED, ORDER_MESSAGES } from './orders.model';
import * as repo from './orders.repository';

/** The share of a link's token and its order (expired first when due); an unknown token → 404. */
async function groupPayment(deps: CloseDeps, token: string) {
  const found = await deps.payments.findByGroupToken(deps.db, token);
  if (!found) throw notFound(ORDER_MESSAGES.paymentLinkNotFound);
  let o = await repo.findOrder(deps.db, found.orderId);
  if (!o) throw notFound(ORDER_MESSAGES.paymentLinkNotFound);
  if (await expireIfDue(deps, o)) o = (await repo.findOrder(deps.db, o.id))!;
  return { found, order: o };
}

export async function paymentGroupView(deps: CloseDeps, token: string): Promise<PaymentGroupView> {
  const { db, payments } = deps;
  const { found, order } = await groupPayment(deps, token);
  const shop = await repo.findShopSummary(db, order.shopId);
  const expired = order.status === 'expired';
  let payment: PaymentResult | null = null;
  try {
    payment = await payments.get(db, found.paymentId, { groupToken: token });
  } catch {
    payment = null;
  }
  return {
    orderNumber: order.number,
    shopName: shop.name,
    urlShop: shop.urlShop,
    payerEmail: found.payerEmail,
    amount: found.amountCents,
    status: payment?.status ?? found.status,
    expiresAt: order.expiresAt ? order.expiresAt.toISOString() : null,
    expired,
    payment,
  };
}

export async function payGroup(deps: CloseDeps, token: string, body: PayRequest): Promise<PaymentResult> {
  const { found, order } = await groupPayment(deps, token);
  if (order.status === 'expired') throw new HttpError(410, CART_MESSAGES.groupedOrderExpired);
  if (CLOSED.includes(order.status)) throw new HttpError(400, ORDER_MESSAGES.notPayable);
  return deps.payments.pay(deps.db, found.paymentId, body, { groupToken: token });
}
