// What the payment pages need to know across the 3-D Secure redirect (sessionStorage, this tab only):
// which order / share is being paid, for which seller, the amount and where to come back.
import { useCart } from 'shared-kernel/runtime';

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

/** Stores the server order id on the seller's cart order ('Vider le panier' then aborts it). */
export function setCartOrderId(sellerId: number, orderId: number): void {
  const { orders, replace } = useCart.getState();
  if (!orders.some((o) => o.seller.id === sellerId && o.id !== orderId)) return;
  replace({ orders: orders.map((o) => (o.seller.id === sellerId ? { ...o, id: orderId } : o)), lastUpdated: new Date().toISOString() });
}

/** A paid order leaves the cart; the other sellers' orders stay. */
export function removeSellerFromCart(sellerId: number): void {
  const { orders, replace } = useCart.getState();
  if (!orders.some((o) => o.seller.id === sellerId)) return;
  replace({ orders: orders.filter((o) => o.seller.id !== sellerId), lastUpdated: new Date().toISOString() });
}
