// Typed client of the checkout / orders / payments endpoints (shared-kernel/contracts/orders.ts),
// the conversion of a cart order into what the server trusts (ids and quantities), and the payment
// status helpers shared by the checkout, /validate3ds and /payment-group/:token.
import { loyaltySelectionOf, promoCodeOf, type CartOrder } from 'shared-kernel/domain';
import type {
  CartOrderInput,
  CartPriceResponse,
  CheckoutOptions,
  LoyaltyBuyerView,
  OrderDetail,
  PaymentGroupView,
  PaymentResult,
  PayRequest,
  PlaceOrderRequest,
  PlaceOrderResponse,
  PublicEvent,
} from 'shared-kernel/contracts';
import { api, ApiError, type ApiRequestOptions } from 'shared-kernel/runtime';

/**
 * The cart order as the server expects it: only ids and quantities, the server rebuilds the prices. `country`: the
 * delivery country typed in the checkout, so that a delivery type is priced at the rate of its zone serving it.
 */
export function toOrderInput(order: CartOrder, country?: string | null): CartOrderInput {
  const s = order.shipping;
  const promoCode = promoCodeOf(order);
  // §4 loyaltyData: the level and offer chosen (the server recomputes the points); offered lines keep isFromFidelity
  const loyalty = loyaltySelectionOf(order);
  return {
    ...(typeof order.id === 'number' ? { id: order.id } : {}),
    ...(promoCode ? { promoCode } : {}),
    ...(loyalty
      ? {
          loyaltyData: {
            selectedLevel: loyalty.selectedLevel,
            selectedDiscount: loyalty.selectedDiscount,
            pointsToLose: loyalty.pointsToLose,
          },
        }
      : {}),
    seller: { id: order.seller.id },
    products: order.products.map((p) => ({
      idTmp: p.idTmp,
      id: p.id,
      quantity: p.quantity,
      chosenFormat: { id: Number(p.chosenFormat?.id) },
      chosenVintage: p.chosenVintage ? { id: p.chosenVintage.id } : null,
      ...(p.isWrapped ? { isWrapped: true } : {}),
      ...(p.isFromFidelity ? { isFromFidelity: true } : {}),
    })),
    reservations: order.reservations.map((r) => ({
      eventId: r.eventId,
      selectedSlot: { id: Number(r.selectedSlot.id) },
      selectedPrices: (r.selectedPrices ?? []).map((p) => ({
        name: String(p.name ?? ''),
        quantity: p.quantity,
        ...(p.productType ? { productType: p.productType } : {}),
        ...(p.notCounting ? { notCounting: true } : {}),
      })),
      taxQuantities: r.taxQuantities ?? 0,
    })),
    shipping: s
      ? {
          type: s.type ?? null,
          ref: s.ref ?? null,
          collectionPoint: s.collectionPoint ? { id: s.collectionPoint.id } : null,
          instructions: s.instructions ?? null,
          ...(country && s.type ? { country } : {}),
        }
      : null,
  };
}

const silent: ApiRequestOptions = { silent: true };
/** GET /v1/payments/shops/:id/options */
export interface PaymentOptions {
  stripeIsActive: boolean;
  account: 'shop' | 'platform' | null;
  /** why card payment is not offered (French), null when it is */
  reason: string | null;
  paypalIsActive: boolean;
}

/** Header the payments api reads for a grouped-order payer. */
export const GROUP_TOKEN_HEADER = 'X-Payment-Group-Token';
const withToken = (token?: string): ApiRequestOptions => (token ? { silent: true, headers: { [GROUP_TOKEN_HEADER]: token } } : silent);

export const checkoutApi = {
  options: (shopId: number) => api.get<CheckoutOptions>(`/shops/${shopId}/checkout-options`, silent),
  /**
   * Whether the shop can be paid online (card, SEPA, imprint: its own Stripe account, or the platform's when allowed —
   * `stripeIsActive`) and by PayPal; the checkout offers no online method the shop cannot be paid with.
   */
  paymentOptions: (shopId: number) => api.get<PaymentOptions>(`/payments/shops/${shopId}/options`, silent),
  events: (shopId: number) => api.get<PublicEvent[]>(`/shops/${shopId}/events`, silent),
  order: (id: number) => api.get<OrderDetail>(`/orders/${id}`, silent),
  /** The buyer's points and the levels of the shop's loyalty programme; null without one (404) or logged out (401). */
  loyalty: (shopId: number) =>
    api.get<LoyaltyBuyerView>(`/loyalty/shops/${shopId}/me`, silent).catch((err: unknown) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 401)) return null;
      throw err;
    }),
  abort: (id: number) => api.put<{ success: true }>(`/orders/${id}/aborted-cart`, undefined, silent),
  price: (order: CartOrder, country?: string | null) =>
    api.post<CartPriceResponse>('/orders/get-cart-price', { orders: [toOrderInput(order, country)] }, silent),
  /** The key goes in the Idempotency-Key header and the body: a replay answers the same order (200). */
  place: (body: PlaceOrderRequest, idempotencyKey: string) =>
    api.post<PlaceOrderResponse>('/orders', { ...body, idempotencyKey }, { silent: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** A grouped-order payer (no account) proves the share with its token. */
  payment: (id: number, groupToken?: string) => api.get<PaymentResult>(`/payments/${id}`, withToken(groupToken)),
  pay: (id: number, body: PayRequest, groupToken?: string) => api.post<PaymentResult>(`/payments/${id}/pay`, body, withToken(groupToken)),
  threeDs: (id: number, challenge: string, approve: boolean, groupToken?: string) =>
    api.post<PaymentResult>(`/payments/${id}/3ds`, { challenge, approve }, withToken(groupToken)),
  /** back from PayPal: the approved PayPal order captured on the shop's account */
  paypalCapture: (id: number, groupToken?: string) => api.post<PaymentResult>(`/payments/${id}/paypal-capture`, {}, withToken(groupToken)),
  group: (token: string) => api.get<PaymentGroupView>(`/payment-groups/${encodeURIComponent(token)}`, silent),
  payGroup: (token: string, body: PayRequest) => api.post<PaymentResult>(`/payment-groups/${encodeURIComponent(token)}/pay`, body, silent),
};

/** A v4 uuid: crypto.randomUUID where the page is a secure context, else from getRandomValues. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type PaymentPhase = 'success' | 'failure' | 'action' | 'waiting';

/**
 * What a payment result means for the buyer:
 * - success: paid, card imprint set up, SEPA scheduled, a grouped order's share paid, or an offline method
 *   (the instructions are the next step);
 * - failure: refused / cancelled / error → the payment message and a retry;
 * - action: a card form to fill or a 3-D Secure page to open;
 * - waiting: the provider is processing → overlay and polling.
 */
export function paymentPhase(p: PaymentResult): PaymentPhase {
  if (p.status === 'paid' || p.status === 'setup' || p.status === 'scheduled' || p.status === 'partial') return 'success';
  if (p.status === 'error' || p.status === 'cancelled' || p.status === 'refunded' || p.status === 'missing') return 'failure';
  if (p.nextAction) return 'action';
  if (p.provider === 'offline') return 'success';
  return 'waiting';
}

/** Where a 3-D Secure url goes: in-app paths through the router, other origins by a full navigation. */
export function isInAppUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
