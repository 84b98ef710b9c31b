/**
 * Cart transitions of spec §4 as pure functions (products part). The cart holds one
 * order per seller; the later cart issue adds reservations, shipping and loyalty rules.
 */

export type ProductType = 'bottle' | 'accessory' | 'prestation' | 'box';
import type { VatType } from './vat';

export interface CartProduct {
  /** Client-side line id. */
  idTmp: string;
  /** Product id. */
  id: number;
  productType: ProductType;
  quantity: number;
  name?: string;
  chosenFormat?: { id: number; [key: string]: unknown } | null;
  chosenVintage?: { id: number; name?: string; [key: string]: unknown } | null;
  /** Line coming from a loyalty offer (never merged with a paid line). */
  isFromFidelity?: boolean;
  isWrapped?: boolean;
  vatType?: VatType;
  [key: string]: unknown;
}

export interface CartReservation {
  eventId: number;
  selectedSlot: { id: number | string; name?: string; start: string; end: string; [key: string]: unknown };
  totalQuantity: number;
  [key: string]: unknown;
}

export interface CartSeller {
  id: number;
  settings?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CartOrder {
  /** Server order id once the cart was priced/saved. */
  id?: number;
  refId?: string;
  seller: CartSeller;
  products: CartProduct[];
  reservations: CartReservation[];
  [key: string]: unknown;
}

export interface Cart {
  orders: CartOrder[];
  /** ISO date of the last change, null for a never-touched cart. */
  lastUpdated: string | null;
}

export const emptyCart = (): Cart => ({ orders: [], lastUpdated: null });

/** Two lines are the same product when product, format, vintage and loyalty origin match. */
type ProductIdentity = Pick<CartProduct, 'id' | 'chosenFormat' | 'chosenVintage' | 'isFromFidelity'>;
export function sameCartProduct(a: ProductIdentity, b: ProductIdentity): boolean {
  return (
    a.id === b.id &&
    (a.chosenFormat?.id ?? null) === (b.chosenFormat?.id ?? null) &&
    (a.chosenVintage?.id ?? null) === (b.chosenVintage?.id ?? null) &&
    Boolean(a.isFromFidelity) === Boolean(b.isFromFidelity)
  );
}

function touch(orders: CartOrder[], now: Date): Cart {
  return { orders, lastUpdated: now.toISOString() };
}

/**
 * Add `product` (its `quantity`, at least 1) to the seller's order: increments the
 * matching line (same product and same loyalty origin) or appends it; a new seller
 * creates a new order.
 */
export function addProduct(cart: Cart, seller: CartSeller, product: CartProduct, now: Date = new Date()): Cart {
  const qty = Math.max(1, Math.trunc(product.quantity || 1));
  const index = cart.orders.findIndex((o) => o.seller.id === seller.id);
  if (index === -1) {
    return touch([...cart.orders, { seller, products: [{ ...product, quantity: qty }], reservations: [] }], now);
  }
  const order = cart.orders[index];
  const lineIndex = order.products.findIndex((p) => sameCartProduct(p, product));
  const products =
    lineIndex === -1
      ? [...order.products, { ...product, quantity: qty }]
      : order.products.map((p, i) => (i === lineIndex ? { ...p, quantity: p.quantity + qty } : p));
  return touch(cart.orders.map((o, i) => (i === index ? { ...o, products } : o)), now);
}

/**
 * Remove one unit of the line `idTmp` from the seller's order: decrements, removes the
 * line when its quantity is one, and removes the order when it has neither products nor
 * reservations left.
 */
export function removeProduct(cart: Cart, sellerId: number, idTmp: string, now: Date = new Date()): Cart {
  const index = cart.orders.findIndex((o) => o.seller.id === sellerId);
  if (index === -1) return cart;
  const order = cart.orders[index];
  const line = order.products.find((p) => p.idTmp === idTmp);
  if (!line) return cart;
  const products =
    line.quantity <= 1 ? order.products.filter((p) => p.idTmp !== idTmp) : order.products.map((p) => (p.idTmp === idTmp ? { ...p, quantity: p.quantity - 1 } : p));
  const orders = cart.orders.map((o, i) => (i === index ? { ...o, products } : o)).filter((o) => o.products.length > 0 || o.reservations.length > 0);
  return touch(orders, now);
}

/** Number of items shown on the cart badge: product quantities plus reservation places. */
export function cartItemCount(cart: Pick<Cart, 'orders'>): number {
  let count = 0;
  for (const order of cart.orders) {
    for (const p of order.products) count += p.quantity;
    for (const r of order.reservations) count += r.totalQuantity;
  }
  return count;
}
