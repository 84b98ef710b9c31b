// What the payment pages need to know across the 3-D Secure redirect (sessionStorage, this tab only):
// which order / share is being paid, for which seller, the amount and where to come back.
import { removeOrder, setOrderId } from 'shared-kernel/domain';
import type { PaymentResult } from 'shared-kernel/contracts';
import { useCart, type CartState } from 'shared-kernel/runtime';
import type { ConfirmationData } from './Confirmation';

export interface PendingPayment {
  paymentId: number;
  kind: 'order' | 'group';
  orderId?: number;
  orderNumber?: string;
  sellerId?: number;
  shopName?: string;
  shopPath?: string;
  /** cents */
  amount: number;
  /** grouped-order share: its token */
  token?: string;
  /** offline instructions or a note shown on the confirmation */
  instructions?: string | null;
}

const KEY = 'wz-checkout-payments';

function readAll(): Record<string, PendingPayment> {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const data = raw ? (JSON.parse(raw) as unknown) : null;
    return data && typeof data === 'object' ? (data as Record<string, PendingPayment>) : {};
  } catch {
    return {};
  }
}

export function savePending(p: PendingPayment): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [String(p.paymentId)]: p }));
  } catch {
    /* private mode: the pages fall back on the payment itself */
  }
}

export function readPending(paymentId: number): PendingPayment | null {
  return readAll()[String(paymentId)] ?? null;
}

export function clearPending(paymentId: number): void {
  const all = readAll();
  delete all[String(paymentId)];
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* ignore */
  }
}

// The cart store is a page-wide singleton created by whichever bundle loads first (the shell): a shell built
// before the store had setOrderId / removeOrder gets the same transitions, applied from this remote's copy.
type CartActions = Partial<Pick<CartState, 'setOrderId' | 'removeOrder'>> & Pick<CartState, 'orders' | 'lastUpdated' | 'replace'>;

/** Stores the server order id on the seller's cart order ('Vider le panier' then aborts it): the store's setOrderId. */
export function setCartOrderId(sellerId: number, orderId: number): void {
  const state: CartActions = useCart.getState();
  if (state.setOrderId) state.setOrderId(sellerId, orderId);
  else state.replace(setOrderId(state, sellerId, orderId));
}

/** A paid order leaves the cart; the other sellers' orders stay: the store's removeOrder. */
export function removeSellerFromCart(sellerId: number): void {
  const state: CartActions = useCart.getState();
  if (state.removeOrder) state.removeOrder(sellerId);
  else state.replace(removeOrder(state, sellerId));
}

/**
 * A payment of a page the payer came back to (3-D Secure, PayPal) is done: its seller's order leaves the cart, its
 * context is dropped, and what the confirmation shows is returned (offline instructions kept for an offline method).
 */
export function settlePending(paymentId: number, ctx: PendingPayment | null, p: PaymentResult): ConfirmationData {
  const sellerId = ctx?.sellerId ?? useCart.getState().orders.find((o) => o.id === p.orderId)?.seller.id;
  if ((ctx?.kind ?? 'order') === 'order' && sellerId != null) removeSellerFromCart(sellerId);
  clearPending(paymentId);
  return {
    kind: ctx?.kind ?? 'order',
    orderNumber: ctx?.orderNumber,
    amount: ctx?.amount ?? p.amount,
    shopName: ctx?.shopName,
    shopPath: ctx?.shopPath,
    instructions: p.provider === 'offline' ? p.instructions : null,
  };
}
