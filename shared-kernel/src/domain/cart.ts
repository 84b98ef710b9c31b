// Size: the spec §4 cart transitions, each a short pure function over the same cart shape (28 of them).
/**
 * Cart transitions of spec §4 as pure functions. The cart holds one order per seller
 * (spec §3 Cart / Order in cart / Cart product / Reservation). Every transition returns a
 * new cart (inputs are never mutated) with `lastUpdated` set to `now`.
 * Amounts stored in the cart are euros as the api sends them; the price engine
 * (`domain/pricing`) converts them to integer cents.
 */
import type { VatType } from './vat';
import type { TierTable } from './tiers';

export type ProductType = 'bottle' | 'accessory' | 'prestation' | 'box';

/** Spec §3 Promotion: type (% or €), amount, activation plus threshold. */
export type PromotionActivation = 'always' | 'minProduct' | 'minPrice' | 'minProductOrder' | 'minPriceOrder';
export interface Promotion {
  type: '%' | '€';
  amount: number;
  activation?: PromotionActivation;
  threshold?: number | null;
  [key: string]: unknown;
}

/** Price of a format for one client typology. */
export interface FormatTypologyPrice {
  typology: string | number;
  price: number;
  visible?: boolean;
  [key: string]: unknown;
}

export interface CartFormat {
  id: number;
  /** Base price HT in euros (used when no typology price applies). */
  price?: number;
  /** Unit volume in litres (default 0.75). */
  unityValue?: number;
  unity?: string;
  eq75?: number;
  discountPrice?: TierTable | null;
  discountAdd?: TierTable | null;
  promotions?: Promotion[] | null;
  typologies?: FormatTypologyPrice[] | null;
  nameInShop?: string;
  [key: string]: unknown;
}

export interface CartVintage {
  id: number;
  name?: string;
  legal?: {
    /** Alcohol duty rate (euros per hl / hl of pure alcohol / hl and degree, see typeDA). */
    da?: number | null;
    /** Social security contribution: euros per hl of pure alcohol when typeDA is 'hlap' (spirits), else per hl. */
    css?: number | null;
    typeDA?: 'hl' | 'hlap' | 'hlabv' | null;
    customTaxName?: string | null;
    customTaxAmountPerHL?: number | null;
    /** The shop's price already includes the duties and custom tax (they are not added again). */
    dutiesIncluded?: boolean;
    [key: string]: unknown;
  } | null;
  advanced?: { alcool?: { value?: number | null } | null; [key: string]: unknown } | null;
  [key: string]: unknown;
}

export interface CartProduct {
  /** Client-side line id. */
  idTmp: string;
  /** Product id. */
  id: number;
  productType: ProductType;
  quantity: number;
  name?: string;
  chosenFormat?: CartFormat | null;
  chosenVintage?: CartVintage | null;
  /** Line coming from a loyalty offer (never merged with a paid line). */
  isFromFidelity?: boolean;
  isWrapped?: boolean;
  /** Wrapping price HT per unit, euros. */
  wrappingPrice?: number;
  vatType?: VatType;
  /** No VAT on this line. */
  disableVAT?: boolean;
  image?: string | null;
  /** Packing text shown for bottles (e.g. 'Carton de 6'). */
  packing?: string | null;
  packingQuantity?: number | null;
  [key: string]: unknown;
}

/** Spec §3 Reservation selectedPrices line. */
export interface ReservationPrice {
  id?: number | string;
  name?: string;
  quantity: number;
  /** 'touristTax' marks the tourist-tax line; anything else is a place or an option. */
  productType?: string;
  /** Optional rate: does not count as a person. */
  notCounting?: boolean;
  /** Price TTC per unit, euros. */
  priceTTC: number;
  [key: string]: unknown;
}

export interface ReservationSlot {
  id: number | string;
  name?: string;
  start: string;
  end: string;
  periodeMode?: boolean;
  noHours?: boolean;
  [key: string]: unknown;
}

export interface CartReservation {
  eventId: number;
  event?: { title?: string; visuals?: unknown; [key: string]: unknown } | null;
  selectedSlot: ReservationSlot;
  selectedPrices?: ReservationPrice[];
  /** Counting persons. */
  totalQuantity: number;
  optionalQuantities?: number;
  taxQuantities?: number;
  vatType?: VatType;
  [key: string]: unknown;
}

export interface CartSeller {
  id: number;
  name?: string;
  settings?: { hasTVA?: boolean; vatRate?: Partial<Record<VatType, number>>; [key: string]: unknown };
  [key: string]: unknown;
}

/** Free-shipping thresholds: a number of bottles and/or an amount TTC of products (euros). */
export interface Franco {
  quantity?: number | null;
  amount?: number | null;
}

/** A delivery type offered by a shop (price HT in euros, subject to VAT). */
export interface DeliveryChoice {
  type: string;
  ref?: string | number | null;
  name?: string;
  price: number;
  franco?: Franco | null;
  [key: string]: unknown;
}

/** A collection point (price in euros, no VAT and no commission). */
export interface CollectionPoint {
  id: number | string;
  name?: string;
  price: number;
  [key: string]: unknown;
}

export interface CartShipping {
  type?: string | null;
  ref?: string | number | null;
  collectionPoint?: CollectionPoint | null;
  /** Shipping price of the choice, euros. */
  price?: number | null;
  /** A collection point carries neither VAT nor commission. */
  noVAT?: boolean;
  noCommission?: boolean;
  franco?: Franco | null;
  instructions?: string | null;
  nbrPackages?: number | null;
  [key: string]: unknown;
}

export interface LoyaltyData {
  /** the offer's index in its level (older carts may hold something else) */
  selectedDiscount?: unknown;
  /** the level's index in the programme (older carts may hold something else) */
  selectedLevel?: unknown;
  pointsToLose?: number | null;
  /** client side: the chosen offer's kind, kept so the cart knows whether offered lines may be added */
  offerKind?: 'discount' | 'products' | null;
  /** client side: units a products offer gives at most (the cap of the order's loyalty lines) */
  maxProducts?: number | null;
}

export interface CartOrder {
  /** Server order id once the cart was priced/saved. */
  id?: number;
  refId?: string;
  seller: CartSeller;
  products: CartProduct[];
  reservations: CartReservation[];
  shipping?: CartShipping | null;
  loyaltyData?: LoyaltyData | null;
  promotions?: unknown[] | null;
  hasTVA?: boolean;
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
  return touch(
    cart.orders.map((o, i) => (i === index ? { ...o, products } : o)),
    now,
  );
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
    line.quantity <= 1
      ? order.products.filter((p) => p.idTmp !== idTmp)
      : order.products.map((p) => (p.idTmp === idTmp ? { ...p, quantity: p.quantity - 1 } : p));
  const orders = cart.orders
    .map((o, i) => (i === index ? { ...o, products } : o))
    .filter((o) => o.products.length > 0 || o.reservations.length > 0);
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

const keepOrder = (o: CartOrder): boolean => o.products.length > 0 || o.reservations.length > 0;

function updateOrder(cart: Cart, sellerId: number, fn: (order: CartOrder) => CartOrder, now: Date): Cart {
  const index = cart.orders.findIndex((o) => o.seller.id === sellerId);
  if (index === -1) return cart;
  return touch(cart.orders.map((o, i) => (i === index ? fn(o) : o)).filter(keepOrder), now);
}

// ---------------------------------------------------------------- reservations

const isTaxLine = (p: ReservationPrice): boolean => p.productType === 'touristTax';

/** Two reservations are the same when event, slot start, slot end and slot id match. */
export function sameReservation(a: CartReservation, b: CartReservation): boolean {
  return (
    a.eventId === b.eventId &&
    a.selectedSlot.start === b.selectedSlot.start &&
    a.selectedSlot.end === b.selectedSlot.end &&
    String(a.selectedSlot.id) === String(b.selectedSlot.id)
  );
}

/**
 * Recomputes the quantities of a reservation (spec §4): the counting persons are the places
 * that are neither optional (`notCounting`) nor tourist tax; the tourist-tax lines take that
 * count; optional quantities do not count; with no counting person only the optional and the
 * tax lines remain.
 */
export function normalizeReservation(r: CartReservation): CartReservation {
  const prices = (r.selectedPrices ?? []).map((p) => ({ ...p, quantity: Math.max(0, Math.trunc(p.quantity || 0)) }));
  const counting = prices.filter((p) => !isTaxLine(p) && !p.notCounting).reduce((n, p) => n + p.quantity, 0);
  const optional = prices.filter((p) => !isTaxLine(p) && p.notCounting).reduce((n, p) => n + p.quantity, 0);
  const hasTax = prices.some(isTaxLine);
  let selectedPrices = prices.map((p) => (isTaxLine(p) ? { ...p, quantity: counting } : p));
  if (counting === 0) selectedPrices = selectedPrices.filter((p) => isTaxLine(p) || p.notCounting);
  return { ...r, selectedPrices, totalQuantity: counting, optionalQuantities: optional, taxQuantities: hasTax ? counting : 0 };
}

/** Places of a reservation (counting persons + optional places): nothing left → the reservation goes. */
const reservationIsEmpty = (r: CartReservation): boolean => (r.totalQuantity ?? 0) + (r.optionalQuantities ?? 0) === 0;

/**
 * Adds a reservation to the seller's order (a new seller creates an order); a reservation for the
 * same event and slot is replaced. A reservation without any place removes the matching one.
 */
export function addReservation(cart: Cart, seller: CartSeller, reservation: CartReservation, now: Date = new Date()): Cart {
  const r = normalizeReservation(reservation);
  const index = cart.orders.findIndex((o) => o.seller.id === seller.id);
  if (index === -1) {
    if (reservationIsEmpty(r)) return cart;
    return touch([...cart.orders, { seller, products: [], reservations: [r] }], now);
  }
  const order = cart.orders[index];
  const at = order.reservations.findIndex((x) => sameReservation(x, r));
  let reservations: CartReservation[];
  if (reservationIsEmpty(r)) reservations = order.reservations.filter((_, i) => i !== at);
  else if (at === -1) reservations = [...order.reservations, r];
  else reservations = order.reservations.map((x, i) => (i === at ? r : x));
  return touch(cart.orders.map((o, i) => (i === index ? { ...o, reservations } : o)).filter(keepOrder), now);
}

/** Removes the reservation matching `reservation` (event + slot) from the seller's order. */
export function removeReservation(cart: Cart, sellerId: number, reservation: CartReservation, now: Date = new Date()): Cart {
  return updateOrder(cart, sellerId, (o) => ({ ...o, reservations: o.reservations.filter((x) => !sameReservation(x, reservation)) }), now);
}

// ---------------------------------------------------------------- delivery

/** Choosing a delivery type clears the collection point; the shipping price is the delivery's. */
export function setDeliveryType(cart: Cart, sellerId: number, delivery: DeliveryChoice, now: Date = new Date()): Cart {
  return updateOrder(
    cart,
    sellerId,
    (o) => ({
      ...o,
      shipping: {
        ...(o.shipping ?? {}),
        type: delivery.type,
        ref: delivery.ref ?? null,
        collectionPoint: null,
        price: delivery.price,
        noVAT: false,
        noCommission: false,
        franco: delivery.franco ?? o.shipping?.franco ?? null,
      },
    }),
    now,
  );
}

/** Choosing a collection point clears the delivery type; its price carries no VAT and no commission. */
export function setCollectionPoint(cart: Cart, sellerId: number, point: CollectionPoint, now: Date = new Date()): Cart {
  return updateOrder(
    cart,
    sellerId,
    (o) => ({
      ...o,
      shipping: {
        ...(o.shipping ?? {}),
        type: null,
        ref: null,
        collectionPoint: point,
        price: point.price,
        noVAT: true,
        noCommission: true,
      },
    }),
    now,
  );
}

/** Clears the shipping choice (type, ref, collection point, price); instructions are kept. */
export function resetDelivery(cart: Cart, sellerId: number, now: Date = new Date()): Cart {
  return updateOrder(
    cart,
    sellerId,
    (o) => ({
      ...o,
      shipping: { ...(o.shipping ?? {}), type: null, ref: null, collectionPoint: null, price: null, noVAT: false, noCommission: false },
    }),
    now,
  );
}

// ---------------------------------------------------------------- loyalty

/** Clears the loyalty data, the loyalty products and the promotions of the seller's order. */
export function resetLoyalty(cart: Cart, sellerId: number, now: Date = new Date()): Cart {
  return updateOrder(
    cart,
    sellerId,
    (o) => ({ ...o, loyaltyData: null, promotions: [], products: o.products.filter((p) => !p.isFromFidelity) }),
    now,
  );
}

/** A loyalty offer chosen on an order (§4 loyaltyData with integer level and offer indexes). */
export interface LoyaltySelection {
  selectedLevel: number;
  selectedDiscount: number;
  pointsToLose: number | null;
  offerKind?: 'discount' | 'products' | null;
  maxProducts?: number | null;
}

const isIndex = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * The loyalty offer chosen on the seller's order, or null: none, or loyaltyData whose level / offer are
 * not indexes (a shape this cart cannot send).
 */
export function loyaltySelectionOf(order: Pick<CartOrder, 'loyaltyData'>): LoyaltySelection | null {
  const d = order.loyaltyData;
  if (!d || !isIndex(d.selectedLevel) || !isIndex(d.selectedDiscount)) return null;
  const points = d.pointsToLose;
  return {
    selectedLevel: d.selectedLevel,
    selectedDiscount: d.selectedDiscount,
    pointsToLose: typeof points === 'number' && Number.isFinite(points) ? points : null,
    ...(d.offerKind === 'discount' || d.offerKind === 'products' ? { offerKind: d.offerKind } : {}),
    ...(isIndex(d.maxProducts) ? { maxProducts: d.maxProducts } : {}),
  };
}

/** Units of the order's loyalty lines (`isFromFidelity`). */
export function loyaltyUnits(order: Pick<CartOrder, 'products'>): number {
  return order.products.reduce((n, p) => n + (p.isFromFidelity ? Math.max(0, Math.trunc(p.quantity || 0)) : 0), 0);
}

/** Whether the order uses loyalty: an offer chosen, or offered lines. */
export function hasLoyalty(order: Pick<CartOrder, 'loyaltyData' | 'products'>): boolean {
  return loyaltySelectionOf(order) !== null || loyaltyUnits(order) > 0;
}

/** Whether one more offered unit fits the chosen products offer (its `maxProducts`). */
export function canAddLoyaltyProduct(order: Pick<CartOrder, 'loyaltyData' | 'products'>): boolean {
  const s = loyaltySelectionOf(order);
  if (!s || s.offerKind !== 'products' || !s.maxProducts) return false;
  return loyaltyUnits(order) < s.maxProducts;
}

/**
 * Chooses a loyalty offer on the seller's order: the server prices it (a discount) or accepts offered lines
 * (a products offer). Choosing another level or offer removes the lines offered by the previous one (an order left
 * with nothing is removed); the same offer keeps them (at most its `maxProducts` units). The promotion code stays.
 * Unknown seller, or the same data → the same cart.
 */
export function setLoyaltyData(cart: Cart, sellerId: number, data: LoyaltySelection, now: Date = new Date()): Cart {
  const order = cart.orders.find((o) => o.seller.id === sellerId);
  if (!order || !isIndex(data.selectedLevel) || !isIndex(data.selectedDiscount)) return cart;
  const next: LoyaltyData = {
    selectedLevel: data.selectedLevel,
    selectedDiscount: data.selectedDiscount,
    pointsToLose: data.pointsToLose ?? null,
    offerKind: data.offerKind ?? null,
    maxProducts: data.offerKind === 'products' && isIndex(data.maxProducts) ? data.maxProducts : null,
  };
  const current = order.loyaltyData;
  const sameOffer = current?.selectedLevel === next.selectedLevel && current?.selectedDiscount === next.selectedDiscount;
  if (sameOffer && (Object.keys(next) as Array<keyof LoyaltyData>).every((k) => (current?.[k] ?? null) === next[k])) return cart;
  return updateOrder(
    cart,
    sellerId,
    (o) => {
      let products = o.products;
      if (!sameOffer || next.offerKind !== 'products') products = products.filter((p) => !p.isFromFidelity);
      else products = capLoyaltyLines(products, next.maxProducts ?? 0);
      return { ...o, loyaltyData: next, products };
    },
    now,
  );
}

/** Keeps at most `max` units of loyalty lines (the last ones added go first). */
function capLoyaltyLines(products: CartProduct[], max: number): CartProduct[] {
  let left = max;
  return products
    .map((p) => {
      if (!p.isFromFidelity) return p;
      const q = Math.min(Math.max(0, Math.trunc(p.quantity || 0)), left);
      left -= q;
      return q === p.quantity ? p : { ...p, quantity: q };
    })
    .filter((p) => !p.isFromFidelity || p.quantity > 0);
}

/**
 * Adds one unit of a product offered by the chosen products offer: a line `isFromFidelity` (merged with the
 * same offered product, never with a paid line). Refused (the same cart) for an unknown seller, without a products
 * offer, or when the order already holds the offer's `maxProducts` units.
 */
export function addLoyaltyProduct(cart: Cart, sellerId: number, product: CartProduct, now: Date = new Date()): Cart {
  const order = cart.orders.find((o) => o.seller.id === sellerId);
  if (!order || !canAddLoyaltyProduct(order)) return cart;
  return addProduct(cart, order.seller, { ...product, quantity: 1, isFromFidelity: true }, now);
}

// ---------------------------------------------------------------- promotion code

/** The promotion code entered on the seller's order (kept in its §3 `promotions` as `{ code }`), or null. */
export function promoCodeOf(order: Pick<CartOrder, 'promotions'>): string | null {
  for (const p of order.promotions ?? []) {
    const code = (p as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.trim()) return code.trim().toUpperCase();
  }
  return null;
}

/** Enters (upper-cased) or removes (null/empty) the promotion code of the seller's order; the server applies it. */
export function setPromoCode(cart: Cart, sellerId: number, code: string | null, now: Date = new Date()): Cart {
  const c = code?.trim().toUpperCase() || null;
  return updateOrder(cart, sellerId, (o) => ({ ...o, promotions: c ? [{ code: c }] : [] }), now);
}

// ---------------------------------------------------------------- placed orders

/**
 * Stores the server order id on the seller's cart order once the order is placed ('Vider le panier'
 * then aborts it, the next checkout asks the server about it). Unknown seller, or the same id
 * already stored → the same cart (nothing changed, `lastUpdated` kept).
 */
export function setOrderId(cart: Cart, sellerId: number, id: number, now: Date = new Date()): Cart {
  const index = cart.orders.findIndex((o) => o.seller.id === sellerId);
  if (index === -1 || cart.orders[index].id === id) return cart;
  return touch(
    cart.orders.map((o, i) => (i === index ? { ...o, id } : o)),
    now,
  );
}

/** A paid order leaves the cart: the seller's order is removed, the other sellers' orders stay. Unknown seller → the same cart. */
export function removeOrder(cart: Cart, sellerId: number, now: Date = new Date()): Cart {
  if (!cart.orders.some((o) => o.seller.id === sellerId)) return cart;
  return touch(
    cart.orders.filter((o) => o.seller.id !== sellerId),
    now,
  );
}

// ---------------------------------------------------------------- empty

/** Empties the cart; returns the ids of the orders to abort on the server (`PUT /v1/orders/{id}/aborted-cart`). */
export function clearCart(cart: Cart, now: Date = new Date()): { cart: Cart; abortIds: number[] } {
  const abortIds = cart.orders.map((o) => o.id).filter((id): id is number => typeof id === 'number');
  return { cart: touch([], now), abortIds };
}

/** Tourist-tax places of a reservation (for display). */
export const touristTaxPlaces = (r: CartReservation): number => r.taxQuantities ?? 0;
