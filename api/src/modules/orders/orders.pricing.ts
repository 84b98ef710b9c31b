/**
 * Rebuilds a seller's order from the catalogue (the server trusts only ids and quantities) and prices it with
 * the shared engine: product, format, vintage, the caller's typology price, tiers and promotions through
 * `toCartFormat` / `toCartVintage` (the shop page's own conversion), reservation rates from the events table,
 * the shipping choice from the shop's checkout settings.
 */
import {
  CART_MESSAGES,
  type CartOrderInput,
  type CartProblem,
  type CatalogFormat,
  type CatalogProduct,
  type CatalogVintage,
  type CollectionPointOption,
  type DeliveryTypeOption,
} from 'shared-kernel/contracts';
import {
  normalizeReservation,
  priceOrder,
  zoneFor,
  toCartFormat,
  toCartVintage,
  vatRateOf,
  type CartOrder,
  type CartProduct,
  type CartReservation,
  type CartSeller,
  type CartShipping,
  type PricingOptions,
  type SellerPriceResult,
  type VatType,
} from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { bookableUntil, type eventSlots, type events } from '../catalog';
import type { ShopRow } from '../../platform/db/tables';
import { HttpError, MESSAGES } from '../../platform/errors';
import { assertShopOpen } from '../../platform/routes';
import { productAnswer, typologyFor, type Viewer } from '../catalog';
import { catalogCacheOf, type CacheFill } from '../catalog';
import { allocatedToBuyer } from '../stock';
import { resolvePromoCode } from '../promo-codes';
import { resolveCartLoyalty } from '../loyalty';
import { checkoutSettingsOf, type CheckoutSettings } from './orders.checkout-settings';
import { findShop, findShopEvents, findShopSlots } from './orders.repository';

export interface ShippingChoice {
  type?: string | null;
  ref?: string | number | null;
  collectionPointId?: number | string | null;
  instructions?: string | null;
  /** the delivery country (ISO code): the type is priced at the rate of its zone serving it */
  country?: string | null;
}

export interface RebuiltProduct {
  idTmp: string;
  product: CatalogProduct;
  format: CatalogFormat;
  vintage: CatalogVintage | null;
  cart: CartProduct;
}

export interface RebuiltReservation {
  index: number;
  event: typeof events.$inferSelect;
  slot: typeof eventSlots.$inferSelect;
  cart: CartReservation;
}

export interface BuiltOrder {
  shop: ShopRow;
  settings: CheckoutSettings;
  typology: string;
  /** the caller's typology (id and name): allocations kept for it (stock module) */
  typologyRef: { id: string; name: string };
  cartOrder: CartOrder;
  priced: SellerPriceResult;
  products: RebuiltProduct[];
  reservations: RebuiltReservation[];
  delivery: DeliveryTypeOption | null;
  collectionPoint: CollectionPointOption | null;
  /** a delivery type / collection point was named but the shop does not offer it */
  unknownShipping: boolean;
  /** product/stock/places problems (the checkout checks add the others) */
  problems: CartProblem[];
  /** the promotion code applied (a refused one is a problem on `promoCode` and the order prices without it) */
  promoCode: { id: number; code: string } | null;
  /** the loyalty offer accepted: whose points it spends, how many (a refused one is a problem on `loyaltyData`) */
  loyalty: { clientId: number; pointsToLose: number } | null;
}

const lineField = (idTmp: string) => `products[${idTmp}]`;

function sellerOf(shop: ShopRow): CartSeller {
  const s = shop.settings ?? {};
  const vatRate = (s.vatRate && typeof s.vatRate === 'object' ? s.vatRate : undefined) as Partial<Record<VatType, number>> | undefined;
  return { id: shop.id, name: shop.name, settings: { hasTVA: s.hasTVA !== false, ...(vatRate ? { vatRate } : {}) } };
}

/** The products as the viewer sees them (the shop page's own answers, from the answer cache), unknown ones null. */
async function loadProducts(db: Db, viewer: Viewer, ids: number[]): Promise<Map<number, CatalogProduct | null>> {
  const unique = [...new Set(ids)];
  const one = (id: number) =>
    productAnswer(db, viewer, id).then(
      (a) => a.product,
      (err: unknown) => {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      },
    );
  // kept answers come at once; in a transaction (one connection, no cache) the queries go one after the other
  const found: Array<CatalogProduct | null> = [];
  if (catalogCacheOf(db)) found.push(...(await Promise.all(unique.map(one))));
  else for (const id of unique) found.push(await one(id));
  return new Map(unique.map((id, i) => [id, found[i]]));
}

export function resolveShipping(
  settings: CheckoutSettings,
  choice: ShippingChoice | null | undefined,
): {
  shipping: CartShipping | null;
  delivery: DeliveryTypeOption | null;
  collectionPoint: CollectionPointOption | null;
  unknown: boolean;
} {
  const none = { shipping: null, delivery: null, collectionPoint: null, unknown: false };
  if (!choice) return none;
  if (choice.collectionPointId != null && choice.collectionPointId !== '') {
    const cp = settings.collectionPoints.find((p) => String(p.id) === String(choice.collectionPointId));
    if (!cp) return { ...none, unknown: true };
    return {
      shipping: {
        type: null,
        ref: null,
        collectionPoint: { id: cp.id, name: cp.name, price: cp.price },
        price: cp.price,
        noVAT: true,
        noCommission: true,
        instructions: choice.instructions ?? null,
      },
      delivery: null,
      collectionPoint: cp,
      unknown: false,
    };
  }
  const ref = choice.ref != null && choice.ref !== '' ? String(choice.ref) : null;
  if (!ref && !choice.type) return none;
  const dt = ref ? settings.deliveryTypes.find((d) => d.ref === ref) : settings.deliveryTypes.find((d) => d.type === choice.type);
  if (!dt) return { ...none, unknown: true };
  // the rate of the zone serving the country; a country it does not serve keeps the default rate (the checkout
  // checks then answer 'no delivery method for this address')
  const country = choice.country?.trim() || null;
  const price = (country ? zoneFor(dt, country) : null)?.price ?? dt.price;
  return {
    shipping: {
      type: dt.type,
      ref: dt.ref,
      collectionPoint: null,
      price,
      noVAT: false,
      noCommission: false,
      franco: dt.franco ?? null,
      instructions: choice.instructions ?? null,
    },
    delivery: { ...dt, price },
    collectionPoint: null,
    unknown: false,
  };
}

/** The seller shop and its checkout settings (kept in the answer cache with the shop's catalogue), or null. */
async function loadSeller(db: Db, shopId: number): Promise<{ shop: ShopRow; settings: CheckoutSettings } | null> {
  const fill = async (): Promise<CacheFill<{ shop: ShopRow; settings: CheckoutSettings } | null>> => {
    const shop = await findShop(db, shopId);
    const value = shop ? { shop, settings: await checkoutSettingsOf(db, shop.id) } : null;
    return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 + 64 };
  };
  const cache = catalogCacheOf(db);
  return cache ? cache.get(`seller|${shopId}`, fill) : (await fill()).value;
}

/**
 * Rebuilds and prices one seller's order. `shop` may be passed when already loaded. Unknown seller → 404
 * (the caller turns it into a problem for get-cart-price).
 */
export async function buildOrder(
  db: Db,
  viewer: Viewer,
  input: CartOrderInput,
  choice: ShippingChoice | null | undefined,
  now = new Date(),
  /** the shop's own staff books (reservations back office): an event that is not online is bookable too */
  opts: {
    staff?: boolean;
    /** placing the order: the promotion code's row is locked until the transaction ends */
    lockPromoCode?: boolean;
    /** a buyer's cart or checkout: a closed shop (§1 module `shop` off) is not found (the back office still sells) */
    publicSale?: boolean;
  } = {},
): Promise<BuiltOrder> {
  const seller0 = await loadSeller(db, input.seller.id);
  if (!seller0) throw new HttpError(404, MESSAGES.shopNotFound, 'seller');
  if (seller0.shop.suspendedAt) throw new HttpError(409, MESSAGES.shopSuspended, 'seller');
  if (opts.publicSale) assertShopOpen(seller0.shop, 'seller');
  const { shop, settings } = seller0;
  const typ = typologyFor(shop, viewer);
  const seller = sellerOf(shop);
  const rates = seller.settings?.vatRate;
  const problems: CartProblem[] = [];
  const sellerId = shop.id;

  // ---- products
  const catalog = await loadProducts(
    db,
    viewer,
    input.products.map((l) => l.id),
  );
  const rebuilt: RebuiltProduct[] = [];
  for (const line of input.products) {
    const field = lineField(line.idTmp);
    const unavailable = () => problems.push({ field, message: CART_MESSAGES.productUnavailable, idTmp: line.idTmp, sellerId });
    const product = catalog.get(line.id);
    if (!product || product.shopId !== shop.id || product.status !== 'online' || product.productType === 'prestation') {
      unavailable();
      continue;
    }
    const format = product.formats.find((f) => f.id === line.chosenFormat.id);
    if (!format || !format.price) {
      unavailable();
      continue;
    }
    let vintage: CatalogVintage | null = null;
    if (line.chosenVintage?.id != null) {
      vintage = product.vintages.find((v) => v.id === line.chosenVintage!.id) ?? null;
      if (!vintage) {
        unavailable();
        continue;
      }
    } else if (product.vintages.length) vintage = product.vintages[0];
    const cart: CartProduct = {
      idTmp: line.idTmp,
      id: product.id,
      productType: product.productType,
      quantity: line.quantity,
      name: product.name,
      vatType: product.vatType,
      chosenFormat: toCartFormat(format, format.price, vatRateOf(product.vatType, rates)),
      chosenVintage: toCartVintage(vintage),
      // a loyalty line is free only once the offer is accepted below (else it is priced like any line)
      ...(line.isFromFidelity ? { isFromFidelity: true } : {}),
    };
    rebuilt.push({ idTmp: line.idTmp, product, format, vintage, cart });
    if (line.quantity < format.minPurchase)
      problems.push({ field, message: CART_MESSAGES.minPurchase(format.minPurchase), idTmp: line.idTmp, sellerId });
    if (format.maxPurchase != null && line.quantity > format.maxPurchase)
      problems.push({ field, message: CART_MESSAGES.maxPurchase(format.maxPurchase), idTmp: line.idTmp, sellerId });
  }

  // ---- reservations
  const evIds = [...new Set(input.reservations.map((r) => r.eventId))];
  const slotIds = [...new Set(input.reservations.map((r) => Number(r.selectedSlot.id)))];
  const [evRows, slotRows] = await Promise.all([
    evIds.length ? findShopEvents(db, shop.id, evIds) : Promise.resolve([]),
    slotIds.length ? findShopSlots(db, shop.id, slotIds) : Promise.resolve([]),
  ]);
  const reservations: RebuiltReservation[] = [];
  input.reservations.forEach((r, index) => {
    const field = `reservations[${index}]`;
    // §1 module `reservations` off: the shop's public side books nothing (its staff's back office is guarded apart)
    if (!opts.staff && shop.integration?.reservations?.active !== true) {
      problems.push({ field, message: CART_MESSAGES.reservationsClosed, sellerId });
      return;
    }
    const event = evRows.find((e) => e.id === r.eventId && (e.online || opts.staff));
    if (!event) {
      problems.push({ field, message: CART_MESSAGES.noEvent, sellerId });
      return;
    }
    const slot = slotRows.find((s) => s.id === Number(r.selectedSlot.id) && s.eventId === event.id);
    if (!slot || bookableUntil(slot) <= now.getTime()) {
      problems.push({ field, message: CART_MESSAGES.noSlot, sellerId });
      return;
    }
    const selected: NonNullable<CartReservation['selectedPrices']> = [];
    let bad = false;
    for (const sp of r.selectedPrices) {
      const rate = event.rates.find((x) => x.name === sp.name);
      if (!rate) {
        bad = true;
        continue;
      }
      if (rate.touristTax) continue; // added below from the event, quantity = counting persons
      if (sp.quantity > 0)
        selected.push({
          name: rate.name,
          quantity: sp.quantity,
          productType: 'place',
          notCounting: !!rate.optional,
          priceTTC: rate.priceCents / 100,
        });
    }
    if (bad) {
      problems.push({ field, message: CART_MESSAGES.productUnavailable, sellerId });
      return;
    }
    for (const rate of event.rates.filter((x) => x.touristTax))
      selected.push({ name: rate.name, quantity: 0, productType: 'touristTax', priceTTC: rate.priceCents / 100 });
    const cart = normalizeReservation({
      eventId: event.id,
      event: { title: event.title, visuals: event.visuals },
      selectedSlot: { id: slot.id, name: slot.name ?? undefined, start: slot.startsAt.toISOString(), end: slot.endsAt.toISOString() },
      selectedPrices: selected,
      totalQuantity: 0,
      vatType: 'standard',
    });
    if ((cart.totalQuantity ?? 0) + (cart.optionalQuantities ?? 0) === 0) {
      problems.push({ field, message: CART_MESSAGES.emptyOrder, sellerId });
      return;
    }
    reservations.push({ index, event, slot, cart });
  });
  // places per slot (counting persons)
  const placesBySlot = new Map<number, number>();
  for (const r of reservations) placesBySlot.set(r.slot.id, (placesBySlot.get(r.slot.id) ?? 0) + r.cart.totalQuantity);
  const reportedSlots = new Set<number>();
  for (const r of reservations) {
    const need = placesBySlot.get(r.slot.id) ?? 0;
    if (need > r.slot.placesLeft && !reportedSlots.has(r.slot.id)) {
      reportedSlots.add(r.slot.id);
      problems.push({ field: `reservations[${r.index}]`, message: CART_MESSAGES.maxPlaces(Math.max(0, r.slot.placesLeft)), sellerId });
    }
  }

  // ---- shipping and price
  const ship = resolveShipping(settings, choice);
  const cartOrder: CartOrder = {
    ...(input.id ? { id: input.id } : {}),
    seller,
    products: rebuilt.map((p) => p.cart),
    reservations: reservations.map((r) => r.cart),
    shipping: ship.shipping,
  };
  // the typology's settings (Settings › Typologies) and the shop's « Règles de quantité en équivalent 75 cl »
  const pricing: PricingOptions = {
    typology: typ.id,
    packaging: settings.packaging,
    typologyDiscount: typ.globalDiscount ?? 0,
    rulesInEq75: typ.allRulesInEq75 === true || (shop.settings as { allRulesInEq75?: boolean } | null)?.allRulesInEq75 === true,
  };
  let priced = priceOrder(cartOrder, pricing);

  // ---- promotion code: its rules read the order priced without it
  let promoCode: BuiltOrder['promoCode'] = null;
  const code = input.promoCode?.trim();
  if (code) {
    const productOf = new Map(rebuilt.map((p) => [p.idTmp, p.product.id]));
    const res = await resolvePromoCode(db, {
      shopId: shop.id,
      code,
      typology: typ.id,
      userId: viewer.user?.id ?? null,
      priced,
      productIdOf: (idTmp) => productOf.get(idTmp),
      now,
      lock: opts.lockPromoCode,
    });
    if (res.problem || !res.discount || res.codeId == null)
      problems.push({ field: 'promoCode', message: res.problem ?? 'Code promo refusé', sellerId });
    else {
      pricing.promoCode = res.discount;
      priced = priceOrder(cartOrder, pricing);
      promoCode = { id: res.codeId, code: res.discount.code };
    }
  }

  // ---- loyalty (§4 loyaltyData): a reached level's offer, after the code; a refused one frees no line
  let loyalty: BuiltOrder['loyalty'] = null;
  const res = await resolveCartLoyalty(db, {
    shopId: shop.id,
    userId: viewer.user?.id ?? null,
    loyaltyData: input.loyaltyData,
    lines: rebuilt.map((p) => ({
      idTmp: p.idTmp,
      productId: p.product.id,
      quantity: p.cart.quantity,
      isFromFidelity: !!p.cart.isFromFidelity,
    })),
    priced,
    lock: opts.lockPromoCode,
  });
  if (res?.problem) {
    problems.push({ field: 'loyaltyData', message: res.problem, sellerId });
    const unfree = new Set(res.unfree ?? []);
    for (const p of rebuilt) if (unfree.has(p.idTmp)) delete p.cart.isFromFidelity;
    priced = priceOrder(cartOrder, pricing);
  } else if (res?.option && res.clientId != null) {
    pricing.loyalty = res.option;
    priced = priceOrder(cartOrder, pricing);
    loyalty = { clientId: res.clientId, pointsToLose: res.pointsToLose ?? 0 };
  }

  // ---- stock (units shipped = quantity + free units), per format
  const needByFormat = new Map<number, number>();
  priced.lines.forEach((l, i) => {
    const fid = rebuilt[i].format.id;
    needByFormat.set(fid, (needByFormat.get(fid) ?? 0) + l.quantity + l.addQuantity);
  });
  const reportedFormats = new Set<number>();
  // units kept for this buyer by allocations come on top of the web stock, which excludes them
  const allocated = await allocatedToBuyer(db, { shopId: shop.id, buyerId: viewer.user?.id, typology: typ }, [...needByFormat.keys()]);
  for (const p of rebuilt) {
    const need = needByFormat.get(p.format.id) ?? 0;
    const available = p.format.stock + (allocated.get(p.format.id) ?? 0);
    if (need > available && !reportedFormats.has(p.format.id)) {
      reportedFormats.add(p.format.id);
      problems.push({
        field: lineField(p.idTmp),
        message: CART_MESSAGES.stockInsufficient(Math.max(0, available)),
        idTmp: p.idTmp,
        sellerId,
      });
    }
  }

  return {
    shop,
    settings,
    typology: typ.id,
    typologyRef: { id: typ.id, name: typ.name },
    cartOrder,
    priced,
    products: rebuilt,
    reservations,
    delivery: ship.delivery,
    collectionPoint: ship.collectionPoint,
    unknownShipping: ship.unknown,
    problems,
    promoCode,
    loyalty,
  };
}
