/**
 * Cart price engine (spec §4 / §9), pure and shared by the drawer, the cart page and the api.
 *
 * ROUNDING RULE (the only one): every amount of the cart (euros) is converted to integer cents on
 * entry (`toCents`, half away from zero). Sums of cents are exact. Every derived amount — a
 * percentage promotion, an excise duty, a VAT amount — is rounded ONCE to the cent, half away from
 * zero, at the level where it is computed: per line for promotions and duties, per VAT rate for the
 * VAT of an order (`tva = Σ_rate round(HT_rate × rate / 100)`). Hence `totalTTC = totalHT + tva +
 * touristTax` exactly, and for each rate |TTC_rate − HT_rate × (1 + rate)| ≤ 0.5 cent.
 *
 * Choices where the spec gives no rule (documented, tested):
 * - Prices are HT. The unit price is the chosen format's price for the buyer's typology when it is
 *   visible, else the format's `price`. Loyalty lines (`isFromFidelity`) are offered (price 0).
 * - Tiers: `discountPrice` replaces the unit price, `discountAdd` gives free units; the quantity used
 *   is the line quantity, or the number of units of the seller's order when `globalDiscount` is set.
 * - Promotions: the best applicable promotion of a line is used (not cumulated). '%' takes a
 *   percentage of the line HT; '€' takes the amount per unit; a discount never exceeds the line HT.
 *   minProduct / minPrice compare the line quantity / line HT (euros), minProductOrder /
 *   minPriceOrder the order's units / products HT before promotions, with `threshold`.
 * - Duties (`legal.da` by `typeDA`, default per hl) and custom tax / CSS per hl are computed on the
 *   shipped volume (quantity + free units) and are part of the line's taxable HT.
 * - Wrapping (`wrappingPrice` per unit) is HT at the line's VAT rate.
 * - Shipping: the delivery type's price (HT, standard VAT) plus 7 EUR HT per package beyond the
 *   first (12 bottles a package); a collection point's price carries no VAT and no package surcharge.
 *   A shop may set its own packaging (settings section `delivery`): `options.packaging`, else
 *   `shipping.packaging`, else those defaults (see ./delivery.ts). The delivery type's price is the
 *   rate of the zone serving the delivery country, chosen by whoever builds `shipping`.
 *   Reaching a franco threshold (bottles or products TTC) makes shipping free.
 * - Reservations: `priceTTC` per place/option (VAT of the reservation's vatType included); the
 *   tourist tax (`taxQuantities` × tax line price) carries no VAT and is reported apart.
 * - Promotion code (issue 18, `options.promoCode`, resolved by the server): its amount TTC is spread over the
 *   eligible product lines in proportion to their TTC after promotions (largest remainder, to the cent), each
 *   share turned into HT at the line's rate and added to the line's `promoAmount` (so the lines, their VAT per rate
 *   and the documents made from them still add up); never more than the line's goods HT (duties stay). Franco
 *   thresholds read the products TTC before the code. `price.promoCode.amount` = what the code took off the
 *   total TTC (within a cent per VAT rate of the amount asked, VAT being rounded per rate).
 * - Loyalty offer (issue 18, `options.loyalty`, resolved by the server): a discount offer is spread the same way,
 *   after the promotion code; `price.loyalty.amount` = what it took off the total TTC.
 */
import { toCents, type Cents } from '../money';
import { DEFAULT_VAT_RATES, vatRateOf, type VatType } from '../vat';
import { exciseDuties, volumeHl, DEFAULT_BOTTLE_LITRES } from '../volume';
import { applyTiers } from '../tiers';
import { packagesFor, packagingOf, type Packaging } from './delivery';
import type { CartOrder, CartProduct, Promotion } from '../cart';

export interface PricingOptions {
  /** Buyer's client typology (name or id) to pick the format's typology price. */
  typology?: string | number | null;
  /** The typology applies global discounts (tiers on the order's units). */
  globalDiscount?: boolean;
  /** The seller's packaging (bottles a package, euros HT per extra package); default spec §9: 12 and 7 EUR. */
  packaging?: Partial<Packaging> | null;
  /** A promotion code the server accepted (issue 18): the amount TTC to take off, on which lines, free shipping. */
  promoCode?: PromoCodeDiscount | null;
  /**
   * A loyalty offer the server accepted (issue 18, §4 loyaltyData): a discount offer's amount TTC is spread like a
   * promotion code's, after it; an offer of products needs no amount (its `isFromFidelity` lines are free).
   */
  loyalty?: { discount: PromoCodeDiscount | null; applied: Omit<AppliedLoyaltyPrice, 'amount' | 'amountHT'> } | null;
}

export interface PromoCodeDiscount {
  code: string;
  /** cents TTC to take off the eligible lines (capped at their TTC) */
  amount: Cents;
  /** idTmps of the lines it applies to; null: every product line */
  idTmps?: readonly string[] | null;
  freeShipping?: boolean;
}

/** What a promotion code did to the order (price.promoCode). */
export interface AppliedPromoCode {
  code: string;
  /** taken off the total TTC (products and shipping) */
  amount: Cents;
  /** taken off the products HT (part of `promoAmount`) */
  amountHT: Cents;
  freeShipping: boolean;
}

/** What the loyalty offer did to the order (price.loyalty). */
export interface AppliedLoyaltyPrice {
  levelIndex: number;
  levelName: string;
  offerIndex: number;
  /** points the order spends (the level's threshold) */
  pointsToLose: number;
  /** taken off the total TTC by a discount offer (0 for offered products) */
  amount: Cents;
  amountHT: Cents;
}

export interface LinePrice {
  idTmp: string;
  quantity: number;
  /** Free units from the tier. */
  addQuantity: number;
  unitPrice: Cents;
  /** unitPrice × quantity before promotion. */
  grossHT: Cents;
  promoAmount: Cents;
  duties: Cents;
  customTax: Cents;
  wrapping: Cents;
  /** Taxable HT of the line: gross − promo + duties + custom tax + wrapping. */
  totalHT: Cents;
  vatRate: number;
}

export interface OrderPrice {
  productsHT: Cents;
  productsTTC: Cents;
  reservationsTTC: Cents;
  promoAmount: Cents;
  duties: Cents;
  wrapping: Cents;
  /** Shipping HT after franco (includes extra packages). */
  shipping: Cents;
  nbrPackages: number;
  touristTax: Cents;
  totalHT: Cents;
  tva: Cents;
  totalTTC: Cents;
  /** VAT by rate (percent as key). */
  vatByRate: Record<string, { ht: Cents; tva: Cents }>;
  /** the promotion code applied (issue 18), absent without one */
  promoCode?: AppliedPromoCode | null;
  /** the loyalty offer applied (issue 18), absent without one */
  loyalty?: AppliedLoyaltyPrice | null;
}

export interface SellerPriceResult {
  sellerId: number;
  price: OrderPrice;
  lines: LinePrice[];
  franco: boolean;
  francoPercent: number;
  /** Products TTC still missing to reach the amount threshold (cents), null without one. */
  amountBeforeFranco: Cents | null;
  /** Bottles still missing to reach the quantity threshold, null without one. */
  amountBeforeBottleFranco: number | null;
}

const nonNeg = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);
const qtyOf = (p: CartProduct) => Math.max(0, Math.trunc(p.quantity || 0));

/** Unit price HT (euros) of a product for a typology. */
export function unitPriceOf(p: CartProduct, typology?: string | number | null): number {
  if (p.isFromFidelity) return 0;
  const f = p.chosenFormat;
  if (!f) return nonNeg(Number(p.price ?? 0));
  const t = typology == null ? undefined : f.typologies?.find((x) => String(x.typology) === String(typology) && x.visible !== false);
  return nonNeg(t?.price ?? f.price ?? 0);
}

/** Whether a promotion applies (spec §3 activation + threshold). */
export function promotionApplies(promo: Promotion, ctx: { lineQty: number; lineHT: Cents; orderQty: number; orderHT: Cents }): boolean {
  const threshold = Number(promo.threshold ?? 0);
  switch (promo.activation ?? 'always') {
    case 'always':
      return true;
    case 'minProduct':
      return ctx.lineQty >= threshold;
    case 'minPrice':
      return ctx.lineHT >= toCents(threshold);
    case 'minProductOrder':
      return ctx.orderQty >= threshold;
    case 'minPriceOrder':
      return ctx.orderHT >= toCents(threshold);
    default:
      return false;
  }
}

/** Discount (cents) of one promotion on a line, never above the line HT. */
export function promotionAmount(promo: Promotion, lineHT: Cents, lineQty: number): Cents {
  const amount = nonNeg(Number(promo.amount));
  const raw = promo.type === '%' ? toCents(((lineHT / 100) * Math.min(amount, 100)) / 100) : toCents(amount) * lineQty;
  return Math.min(lineHT, raw);
}

function ratesOf(order: CartOrder): Partial<Record<VatType, number>> {
  return order.seller.settings?.vatRate ?? DEFAULT_VAT_RATES;
}

function hasVat(order: CartOrder): boolean {
  return order.seller.settings?.hasTVA !== false && order.hasTVA !== false;
}

/** Prices one seller's order. */
export function priceOrder(order: CartOrder, options: PricingOptions = {}): SellerPriceResult {
  const vatOn = hasVat(order);
  const rates = ratesOf(order);
  const products = order.products.filter((p) => qtyOf(p) > 0);
  const orderQty = products.reduce((n, p) => n + qtyOf(p), 0);

  // First pass: tiers → gross HT, needed by the order-level promotion activations.
  const pre = products.map((p) => {
    const quantity = qtyOf(p);
    const base = toCents(unitPriceOf(p, options.typology));
    const f = p.chosenFormat;
    const tier = p.isFromFidelity
      ? { price: 0, addQuantity: 0 }
      : applyTiers({
          basePrice: base,
          quantity,
          discountPrice: centsTable(f?.discountPrice),
          discountAdd: f?.discountAdd,
          global: options.globalDiscount,
          cartLength: orderQty,
        });
    const unitPrice = nonNeg(Math.round(tier.price));
    return { p, quantity, unitPrice, addQuantity: nonNeg(Math.trunc(tier.addQuantity)), grossHT: unitPrice * quantity };
  });
  const orderHT = pre.reduce((n, l) => n + l.grossHT, 0);

  const lines: LinePrice[] = pre.map(({ p, quantity, unitPrice, addQuantity, grossHT }) => {
    const promos = (p.isFromFidelity ? [] : (p.chosenFormat?.promotions ?? [])).filter((pr) =>
      promotionApplies(pr, { lineQty: quantity, lineHT: grossHT, orderQty, orderHT }),
    );
    const promoAmount = promos.reduce((best, pr) => Math.max(best, promotionAmount(pr, grossHT, quantity)), 0);
    const litres = nonNeg(Number(p.chosenFormat?.unityValue ?? 0)) || DEFAULT_BOTTLE_LITRES;
    const shipped = quantity + addQuantity;
    const legal = p.chosenVintage?.legal;
    const abv = nonNeg(Number(p.chosenVintage?.advanced?.alcool?.value ?? 0));
    const hl = p.productType === 'bottle' ? volumeHl(shipped, litres) : 0;
    const excise = exciseDuties({ volumeHl: hl, legal, abvPercent: abv });
    const duties = toCents(excise.duties);
    const customTax = toCents(excise.contributions);
    const wrapping = p.isWrapped ? toCents(nonNeg(Number(p.wrappingPrice ?? 0))) * quantity : 0;
    const vatRate = !vatOn || p.disableVAT ? 0 : vatRateOf(p.vatType ?? 'standard', rates);
    return {
      idTmp: p.idTmp,
      quantity,
      addQuantity,
      unitPrice,
      grossHT,
      promoAmount,
      duties,
      customTax,
      wrapping,
      totalHT: grossHT - promoAmount + duties + customTax + wrapping,
      vatRate,
    };
  });

  const code = options.promoCode ?? null;
  // franco thresholds read the products before the promotion code
  const ttcOfLines = () => lines.reduce((n, l) => n + l.totalHT + vatOf(l.totalHT, l.vatRate), 0);
  const productsTTCBeforeCode = ttcOfLines();
  const codeHT = code
    ? spreadPromoCode(
        lines,
        pre.map((x) => !!x.p.isFromFidelity),
        code,
      )
    : 0;
  const loyalty = options.loyalty ?? null;
  const loyaltyHT = loyalty?.discount
    ? spreadPromoCode(
        lines,
        pre.map((x) => !!x.p.isFromFidelity),
        loyalty.discount,
      )
    : 0;

  const groups = new Map<number, Cents>();
  const addHT = (rate: number, ht: Cents) => groups.set(rate, (groups.get(rate) ?? 0) + ht);
  for (const l of lines) addHT(l.vatRate, l.totalHT);
  const productsHT = lines.reduce((n, l) => n + l.totalHT, 0);
  const productsTTC = code || loyalty?.discount ? ttcOfLines() : productsTTCBeforeCode;

  // Reservations: TTC prices; the tourist tax apart, without VAT.
  let reservationsTTC = 0;
  let reservationsHT = 0;
  let touristTax = 0;
  const resaVat = new Map<number, Cents>();
  for (const r of order.reservations) {
    const rate = vatOn ? vatRateOf(r.vatType ?? 'standard', rates) : 0;
    for (const sp of r.selectedPrices ?? []) {
      const unit = toCents(nonNeg(Number(sp.priceTTC)));
      if (sp.productType === 'touristTax') touristTax += unit * nonNeg(r.taxQuantities ?? 0);
      else {
        const ttc = unit * nonNeg(Math.trunc(sp.quantity));
        reservationsTTC += ttc;
        resaVat.set(rate, (resaVat.get(rate) ?? 0) + ttc);
      }
    }
  }
  const vatByRate: Record<string, { ht: Cents; tva: Cents }> = {};
  for (const [rate, ttc] of resaVat) {
    const ht = Math.round((ttc * 100) / (100 + rate));
    reservationsHT += ht;
    vatByRate[String(rate)] = { ht, tva: ttc - ht };
  }

  // Shipping and franco.
  const shipping = order.shipping ?? {};
  const bottles = lines.reduce((n, l, i) => n + (pre[i].p.productType === 'bottle' ? l.quantity + l.addQuantity : 0), 0);
  const franco = shipping.franco ?? null;
  const qThreshold = nonNeg(Number(franco?.quantity ?? 0));
  const aThreshold = toCents(nonNeg(Number(franco?.amount ?? 0)));
  const percents: number[] = [];
  if (qThreshold) percents.push(Math.min(100, Math.floor((bottles * 100) / qThreshold)));
  if (aThreshold) percents.push(Math.min(100, Math.floor((productsTTCBeforeCode * 100) / aThreshold)));
  const francoPercent = percents.length ? Math.max(...percents) : 0;
  const francoReached = percents.length > 0 && francoPercent >= 100;
  const packaging = packagingOf(options.packaging ?? (shipping.packaging as Partial<Packaging> | null | undefined));
  const nbrPackages = packagesFor(bottles, packaging);
  let shippingHT = 0;
  let shippingRate = 0;
  if (shipping.collectionPoint) shippingHT = toCents(nonNeg(Number(shipping.price ?? shipping.collectionPoint.price ?? 0)));
  else if (shipping.type) {
    shippingHT = toCents(nonNeg(Number(shipping.price ?? 0))) + Math.max(0, nbrPackages - 1) * toCents(packaging.extraPackagePrice);
    shippingRate = vatOn && !shipping.noVAT ? vatRateOf('standard', rates) : 0;
  }
  if (francoReached || code?.freeShipping) shippingHT = 0;
  addHT(shippingRate, shippingHT);

  let tva = 0;
  for (const [rate, ht] of groups) {
    const key = String(rate);
    const v = vatOf(ht, rate);
    tva += v;
    const prev = vatByRate[key] ?? { ht: 0, tva: 0 };
    vatByRate[key] = { ht: prev.ht + ht, tva: prev.tva + v };
  }
  const resaTva = reservationsTTC - reservationsHT;
  const totalHT = productsHT + shippingHT + reservationsHT;
  const totalTva = tva + resaTva;
  const totalTTC = totalHT + totalTva + touristTax;
  const withoutCode = code ? priceOrder(order, { ...options, promoCode: null }).price.totalTTC : totalTTC;
  const withoutLoyalty = loyalty?.discount ? priceOrder(order, { ...options, loyalty: null }).price.totalTTC : totalTTC;
  return {
    sellerId: order.seller.id,
    lines,
    price: {
      productsHT,
      productsTTC,
      reservationsTTC,
      promoAmount: lines.reduce((n, l) => n + l.promoAmount, 0),
      duties: lines.reduce((n, l) => n + l.duties + l.customTax, 0),
      wrapping: lines.reduce((n, l) => n + l.wrapping, 0),
      shipping: shippingHT,
      nbrPackages,
      touristTax,
      totalHT,
      tva: totalTva,
      totalTTC,
      vatByRate,
      ...(code
        ? { promoCode: { code: code.code, amount: withoutCode - totalTTC, amountHT: codeHT, freeShipping: !!code.freeShipping } }
        : {}),
      ...(loyalty ? { loyalty: { ...loyalty.applied, amount: withoutLoyalty - totalTTC, amountHT: loyaltyHT } } : {}),
    },
    franco: francoReached,
    francoPercent,
    amountBeforeFranco: aThreshold ? Math.max(0, aThreshold - productsTTCBeforeCode) : null,
    amountBeforeBottleFranco: qThreshold ? Math.max(0, qThreshold - bottles) : null,
  };
}

/**
 * Spreads a promotion code's amount TTC over the eligible lines (in place): shares in proportion to each line's goods
 * TTC (largest remainder, adding up to the amount), each turned into HT at the line's rate, never above its goods HT.
 * Returns the HT taken off.
 */
function spreadPromoCode(lines: LinePrice[], fromFidelity: boolean[], code: PromoCodeDiscount): Cents {
  const only = code.idTmps ? new Set(code.idTmps) : null;
  const eligible = lines
    .map((l, i) => ({ l, net: l.grossHT - l.promoAmount, fidelity: fromFidelity[i] }))
    .filter((e) => !e.fidelity && e.net > 0 && (!only || only.has(e.l.idTmp)));
  const bases = eligible.map((e) => e.net + vatOf(e.net, e.l.vatRate));
  const total = bases.reduce((n, b) => n + b, 0);
  const amount = Math.min(total, nonNeg(Math.round(Number(code.amount))));
  if (!amount) return 0;
  const exact = bases.map((b) => (amount * b) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((n, s) => n + s, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - shares[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % byRemainder.length, left--) shares[byRemainder[k].i]++;
  let ht = 0;
  eligible.forEach((e, k) => {
    const h = Math.min(e.net, Math.round((shares[k] * 100) / (100 + e.l.vatRate)));
    e.l.promoAmount += h;
    e.l.totalHT -= h;
    ht += h;
  });
  return ht;
}

/** VAT of an HT amount at a rate, rounded once (half away from zero). */
export function vatOf(ht: Cents, ratePercent: number): Cents {
  if (!ratePercent) return 0;
  const sign = ht < 0 ? -1 : 1;
  return sign * Math.round(Number(((Math.abs(ht) * ratePercent) / 100).toPrecision(15)));
}

function centsTable(table: Readonly<Record<string | number, number>> | null | undefined): Record<string, number> | null {
  if (!table) return null;
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, toCents(nonNeg(Number(v)))]));
}

/** Prices every seller's order of a cart. */
export function priceCart(orders: readonly CartOrder[], options: PricingOptions = {}): SellerPriceResult[] {
  return orders.map((o) => priceOrder(o, options));
}

/** Sums of a priced cart (cents). */
export function cartTotals(results: readonly SellerPriceResult[]): { totalTTC: Cents; touristTax: Cents; totalHT: Cents; tva: Cents } {
  return results.reduce(
    (acc, r) => ({
      totalTTC: acc.totalTTC + r.price.totalTTC,
      touristTax: acc.touristTax + r.price.touristTax,
      totalHT: acc.totalHT + r.price.totalHT,
      tva: acc.tva + r.price.tva,
    }),
    { totalTTC: 0, touristTax: 0, totalHT: 0, tva: 0 },
  );
}
