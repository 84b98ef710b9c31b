// The pure parts of placing an order (usePlaceOrder runs them): what to do with an order placed earlier for the
// cart, the body sent to POST /v1/orders, how an error answer is read, where each server problem goes on the form,
// and what the payment step must remember of the placed order.
import type { FieldPath } from 'react-hook-form';
import type { CartPriceResponse, OrderDetail, PlaceOrderRequest, PlaceOrderResponse } from 'shared-kernel/contracts';
import type { CartOrder } from 'shared-kernel/domain';
import { ApiError } from 'shared-kernel/runtime';
import { sellerName, shopPathOf } from '../cart/view';
import type { ConfirmationData } from '../payment/Confirmation';
import type { PendingPayment } from '../payment/pending';
import type { LocalTexts } from '../texts';
import { toOrderInput } from './api';
import { parseEuros, PAYERS_ERROR, type CheckoutInput, type CheckoutValues } from './checkout.schema';
import { toCheckoutAddress } from './fields';
import { sameContent } from './previous-order';
import type { FormField, SortedProblems } from './problems';

/** The seller's result in a cart price answer (the first one when the seller is not named). */
export function sellerPriceOf(data: CartPriceResponse | undefined, sellerId: number): CartPriceResponse[number] | undefined {
  return data?.find((r) => r.sellerId === sellerId) ?? data?.[0];
}

/** The 409 answer's new total (cents), when the api gives it. */
export function newTotalOf(body: unknown): number | null {
  const b = (body ?? {}) as Record<string, unknown>;
  const seller = b.price as { totalTTC?: unknown; price?: { totalTTC?: unknown } } | undefined;
  // the api answers { code: 'priceChanged', price: <the seller's price result> }
  for (const v of [seller?.price?.totalTTC, seller?.totalTTC, b.totalTTC, b.newTotalTTC]) {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
  }
  return null;
}

/**
 * An order placed earlier for this cart (payment left unfinished): paid or validated for this same content →
 * 'confirm' (the buyer sees its confirmation rather than paying twice); still pending or a draft → 'abort' (so that
 * it does not keep the stock) then a new order; anything else, or no answer → a new order.
 */
export function previousOrderStep(previous: OrderDetail | null, current: CartOrder): 'confirm' | 'abort' | 'new' {
  if (!previous) return 'new';
  const settled = previous.paymentStatus === 'paid' || previous.status === 'validated';
  if (settled && sameContent(previous, current)) return 'confirm';
  return previous.status === 'pending' || previous.status === 'draft' ? 'abort' : 'new';
}

/** The confirmation of an order placed earlier and paid meanwhile. */
export function confirmationOfPrevious(previous: OrderDetail): ConfirmationData {
  return {
    kind: 'order',
    orderNumber: previous.number,
    amount: previous.totalTTC,
    shopName: previous.shop.name,
    shopPath: `/${previous.shop.urlShop}`,
  };
}

/** The body of POST /v1/orders: the cart order (ids and quantities), the form, and the total the buyer saw. */
export function placeOrderRequest(values: CheckoutInput, order: CartOrder, expected: number): PlaceOrderRequest {
  const instructions = values.instructions.trim() || null;
  const s = order.shipping;
  return {
    order: toOrderInput({ ...order, shipping: s ? { ...s, instructions } : s }),
    deliveryAddress: toCheckoutAddress(values.deliveryAddress),
    billingAddress: values.sameBilling ? null : toCheckoutAddress(values.billingAddress),
    phone: values.phone.trim(),
    shipping: {
      type: s?.collectionPoint ? null : (s?.type ?? null),
      ref: s?.collectionPoint || s?.ref == null ? null : String(s.ref),
      collectionPointId: s?.collectionPoint ? Number(s.collectionPoint.id) : null,
      instructions,
    },
    paymentMethod: values.paymentMethod || null,
    acceptTerms: values.acceptTerms,
    expectedTotalTTC: expected,
    ...(values.split ? { paymentGroups: values.paymentGroups.map((g) => ({ email: g.email.trim(), amount: parseEuros(g.amount) })) } : {}),
  };
}

/** What the payment step (and the 3-D Secure or PayPal return) needs to know of the placed order. */
export function paymentContextOf(
  placed: PlaceOrderResponse['order'],
  order: CartOrder,
  texts: LocalTexts,
): Omit<PendingPayment, 'paymentId'> {
  return {
    kind: 'order',
    orderId: placed.id,
    orderNumber: placed.number,
    sellerId: order.seller.id,
    shopName: placed.shop?.name ?? sellerName(order, texts),
    shopPath: placed.shop?.urlShop ? `/${placed.shop.urlShop}` : shopPathOf(order),
    amount: placed.totalTTC,
  };
}

/**
 * No definitive answer (network, 5xx, not an api error): the order may exist, the retry sends the same
 * Idempotency-Key. 'network' or 'server' tells which message to show; null = the server answered (a 4xx).
 */
export function undecidedFailure(err: unknown): 'network' | 'server' | null {
  if (err instanceof ApiError && err.status === 0) return 'network';
  if (!(err instanceof ApiError) || err.status >= 500) return 'server';
  return null;
}

export interface FieldErrorTarget {
  name: FieldPath<CheckoutValues>;
  message: string;
  /** the input takes the focus */
  focus: boolean;
}

/**
 * Where each form problem of a 400 is shown: on its input (focused); a billing problem while the billing address
 * is the delivery one on the delivery input (not focused); a problem of the payers under their list.
 */
export function fieldErrorTargets(fields: SortedProblems['fields'], sameBilling: boolean): FieldErrorTarget[] {
  return fields.map(({ field, message }) => {
    if (field === 'paymentGroups') return { name: PAYERS_ERROR, message, focus: true };
    if (field.startsWith('billingAddress') && sameBilling)
      return { name: field.replace('billingAddress', 'deliveryAddress') as FormField, message, focus: false };
    return { name: field, message, focus: true };
  });
}
