// Size: the price engine's steps in the order they run (lines, promotions, excise, shipping, discounts, VAT per rate,
// totals), one rounding rule for all; cut apart, the order of the steps would no longer be read in one place.
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
 * - Promotion code (`options.promoCode`, resolved by the server): its amount TTC comes off the eligible product lines'
 *   goods HT (duties stay), spread so that the order's TTC falls by exactly that amount, or by all the eligible goods
 *   when they are worth less (see spreadDiscount: per rate, then per line, largest remainder, then the line with the
 *   highest amount). VAT stays computed once per rate on the rate's HT, so the lines, the VAT per rate and the
 *   documents made from them still add up. The one exception: where no allocation of whole cents of HT reaches the
 *   amount (a single rate whose 2-cent step jumps over it), the saving is one cent below it, never above. Franco
 *   thresholds read the products TTC before the code. `price.promoCode.amount` = what the code took off the total TTC
 *   (the shipping a free-shipping code removes included).
 * - Loyalty offer (`options.loyalty`, resolved by the server): a discount offer is spread the same way, after the
 *   promotion code; `price.loyalty.amount` = what it took off the total TTC. The two add up to the whole saving.
 */
import { splitCentsBy, toCents, type Cents } from '../money';
import { DEFAULT_VAT_RATES, vatRateOf, type VatType } from '../vat';
import { eq75, exciseDuties, volumeHl, DEFAULT_BOTTLE_LITRES } from '../volume';
import { applyTiers } from '../tiers';
import { packagesFor, packagingOf, type Packaging } from './delivery';
import type { CartOrder, CartProduct, Promotion } from '../cart';

export interface PricingOptions {
  /** Buyer's client typology (name or id) to pick the format's typology price. */
  typology?: string | number | null;
  /** The typology applies global discounts (tiers on the order's units). */
  globalDiscount?: boolean;
  /**
   * The buyer's typology's global discount (Settings › Typologies « Remise globale », %, 0–100): every unit of a product
   * line costs that much less, after the tiers, rounded once per unit to the cent (half away from zero).
   */
  typologyDiscount?: number | null;
  /**
   * The quantity rules count 75 cl equivalents (« Règles de quantité en équivalent 75 cl », the typology's or the
   * shop's): a bottle line counts its units × their equivalent (a magnum 2, a half bottle 0.5) for the tiers, the
   * promotions' product thresholds and the franco in bottles; other products count their units. Packages stay counted
   * in bottles (they are physical).
   */
  rulesInEq75?: boolean;
  /** The seller's packaging (bottles a package, euros HT per extra package); default spec §9: 12 and 7 EUR. */
  packaging?: Partial<Packaging> | null;
  /** A promotion code the server accepted: the amount TTC to take off, on which lines, free shipping. */
  promoCode?: PromoCodeDiscount | null;
  /**
   * A loyalty offer the server accepted (§4 loyaltyData): a discount offer's amount TTC is spread like a
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
  /** the promotion code applied, absent without one */
  promoCode?: AppliedPromoCode | null;
  /** the loyalty offer applied, absent without one */
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

/**
 * A unit price (cents) less a typology's global discount (%, clamped to 0–100, two decimals), rounded once to the cent
 * half away from zero. The one rule of the cart, the back-office orders and the till.
 */
export function typologyDiscounted(unit: Cents, percent: number | null | undefined): Cents {
  const bp = Math.round(Math.min(100, nonNeg(Number(percent ?? 0))) * 100);
  // integers over 10 000: a half cent is exact, and Math.round takes it away from zero (prices are never negative)
  return bp ? Math.round((unit * (10_000 - bp)) / 10_000) : unit;
}

/** The 75 cl equivalent of one unit of a bottle line (the format's eq75, else its volume / 0.75); 1 for other products. */
function eq75Of(p: CartProduct): number {
  if (p.productType !== 'bottle') return 1;
  const f = p.chosenFormat;
  const declared = Number(f?.eq75);
  if (Number.isFinite(declared) && declared > 0) return declared;
  return eq75(nonNeg(Number(f?.unityValue ?? 0)) || DEFAULT_BOTTLE_LITRES);
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
  const ruleQty = (p: CartProduct, units: number) => (options.rulesInEq75 ? units * eq75Of(p) : units);
  const orderQty = products.reduce((n, p) => n + ruleQty(p, qtyOf(p)), 0);

  // First pass: tiers → gross HT, needed by the order-level promotion activations.
  const pre = products.map((p) => {
    const quantity = qtyOf(p);
    const base = toCents(unitPriceOf(p, options.typology));
    const f = p.chosenFormat;
    const tier = p.isFromFidelity
      ? { price: 0, addQuantity: 0 }
      : applyTiers({
          basePrice: base,
          quantity: ruleQty(p, quantity),
          discountPrice: centsTable(f?.discountPrice),
          discountAdd: f?.discountAdd,
          global: options.globalDiscount,
          cartLength: orderQty,
        });
    const tierPrice = nonNeg(Math.round(tier.price));
    const unitPrice = typologyDiscounted(tierPrice, options.typologyDiscount);
    return { p, quantity, unitPrice, addQuantity: nonNeg(Math.trunc(tier.addQuantity)), grossHT: unitPrice * quantity };
  });
  const orderHT = pre.reduce((n, l) => n + l.grossHT, 0);

  const lines: LinePrice[] = pre.map(({ p, quantity, unitPrice, addQuantity, grossHT }) => {
    const promos = (p.isFromFidelity ? [] : (p.chosenFormat?.promotions ?? [])).filter((pr) =>
      promotionApplies(pr, { lineQty: ruleQty(p, quantity), lineHT: grossHT, orderQty, orderHT }),
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
  const fromFidelity = pre.map((x) => !!x.p.isFromFidelity);
  const loyalty = options.loyalty ?? null;
  // franco thresholds read the products before the promotion code
  const ttcOfLines = () => lines.reduce((n, l) => n + l.totalHT + vatOf(l.totalHT, l.vatRate), 0);
  const productsTTCBeforeCode = ttcOfLines();

  // Shipping and franco (before the discounts: a discount spreads over the VAT groups shipping belongs to).
  const shipping = order.shipping ?? {};
  const bottles = lines.reduce((n, l, i) => n + (pre[i].p.productType === 'bottle' ? l.quantity + l.addQuantity : 0), 0);
  const francoBottles = options.rulesInEq75
    ? lines.reduce((n, l, i) => n + (pre[i].p.productType === 'bottle' ? ruleQty(pre[i].p, l.quantity + l.addQuantity) : 0), 0)
    : bottles;
  const franco = shipping.franco ?? null;
  const qThreshold = nonNeg(Number(franco?.quantity ?? 0));
  const aThreshold = toCents(nonNeg(Number(franco?.amount ?? 0)));
  const percents: number[] = [];
  if (qThreshold) percents.push(Math.min(100, Math.floor((francoBottles * 100) / qThreshold)));
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
  if (francoReached) shippingHT = 0;

  // HT per VAT rate of the goods and shipping: the discounts are spread so that these groups' TTC fall by their amount
  const groups = new Map<number, Cents>();
  const addHT = (rate: number, ht: Cents) => groups.set(rate, (groups.get(rate) ?? 0) + ht);
  for (const l of lines) addHT(l.vatRate, l.totalHT);
  addHT(shippingRate, shippingHT);

  let codeHT = 0;
  let codeSaved = 0;
  if (code) {
    if (code.freeShipping && shippingHT) {
      const before = ttcOfGroup(groups.get(shippingRate)!, shippingRate);
      addHT(shippingRate, -shippingHT);
      codeSaved += before - ttcOfGroup(groups.get(shippingRate)!, shippingRate);
      shippingHT = 0;
    }
    const spread = spreadDiscount(lines, fromFidelity, code, groups);
    codeHT = spread.ht;
    codeSaved += spread.saved;
  }
  const loyaltySpread = loyalty?.discount ? spreadDiscount(lines, fromFidelity, loyalty.discount, groups) : { ht: 0, saved: 0 };
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
      ...(code ? { promoCode: { code: code.code, amount: codeSaved, amountHT: codeHT, freeShipping: !!code.freeShipping } } : {}),
      ...(loyalty ? { loyalty: { ...loyalty.applied, amount: loyaltySpread.saved, amountHT: loyaltySpread.ht } } : {}),
    },
    franco: francoReached,
    francoPercent,
    amountBeforeFranco: aThreshold ? Math.max(0, aThreshold - productsTTCBeforeCode) : null,
    // in the unit the threshold counts (75 cl equivalents under rulesInEq75), so the hint and the franco agree
    amountBeforeBottleFranco: qThreshold ? Math.max(0, qThreshold - francoBottles) : null,
  };
}

/** TTC of a VAT group: its HT and the VAT of that HT, rounded once. */
const ttcOfGroup = (ht: Cents, rate: number): Cents => ht + vatOf(ht, rate);

/** How far from the proportional start the exact allocation is looked for (cents of HT per rate). */
const EXACT_WINDOW = 3;

/**
 * Spreads a discount's amount TTC (promotion code, loyalty offer) over the eligible lines, in place, so that the
 * order's TTC falls by exactly that amount (or by all the eligible goods when they are worth less).
 *
 * VAT is rounded once per rate on the rate's HT, so taking d cents of HT off a rate's group saves
 * `ttc(B) − ttc(B − d)` TTC: 1 or 2 cents a cent of HT, some savings unreachable for one rate alone. Hence:
 * 1. the amount is split over the rates in proportion to what each can save (largest remainder);
 * 2. each rate takes the most HT whose saving stays within its share;
 * 3. the HT of each rate is moved by up to EXACT_WINDOW cents so that the savings add up to the amount exactly,
 *    the smallest move first; where no allocation reaches it (one rate whose step jumps over the amount), the
 *    saving is the closest below it — one cent short, never more than asked;
 * 4. each rate's HT is split over its lines in proportion to their goods HT (largest remainder, then the line
 *    with the highest amount), never above a line's goods HT (duties stay).
 * `groups` (HT per rate of the whole order, shipping included) is updated. Returns the HT taken off and the TTC saved.
 */
function spreadDiscount(
  lines: LinePrice[],
  fromFidelity: readonly boolean[],
  discount: PromoCodeDiscount,
  groups: Map<number, Cents>,
): { ht: Cents; saved: Cents } {
  const only = discount.idTmps ? new Set(discount.idTmps) : null;
  const netOf = (l: LinePrice) => l.grossHT - l.promoAmount;
  const eligible = lines.filter((l, i) => !fromFidelity[i] && netOf(l) > 0 && (!only || only.has(l.idTmp)));
  const rates = [...new Set(eligible.map((l) => l.vatRate))];
  const linesOf = rates.map((rate) => eligible.filter((l) => l.vatRate === rate));
  const room = linesOf.map((ls) => ls.reduce((n, l) => n + netOf(l), 0));
  const base = rates.map((rate) => groups.get(rate) ?? 0);
  const savedAt = (k: number, d: Cents) => ttcOfGroup(base[k], rates[k]) - ttcOfGroup(base[k] - d, rates[k]);
  const most = room.map((e, k) => savedAt(k, e));
  const amount = Math.min(
    most.reduce((n, m) => n + m, 0),
    nonNeg(Math.round(Number(discount.amount))),
  );
  if (!amount) return { ht: 0, saved: 0 };

  const start = splitCentsBy(amount, most).map((target, k) => {
    let d = Math.min(room[k], Math.floor((target * 100) / (100 + rates[k])));
    while (d < room[k] && savedAt(k, d + 1) <= target) d++;
    while (d > 0 && savedAt(k, d) > target) d--;
    return d;
  });
  const hts = closestAllocation(start, room, savedAt, amount);

  let ht = 0;
  let saved = 0;
  hts.forEach((d, k) => {
    splitCentsBy(d, linesOf[k].map(netOf)).forEach((part, j) => {
      linesOf[k][j].promoAmount += part;
      linesOf[k][j].totalHT -= part;
    });
    groups.set(rates[k], base[k] - d);
    ht += d;
    saved += savedAt(k, d);
  });
  return { ht, saved };
}

/**
 * The HT per rate, each within EXACT_WINDOW of its start and its room, whose savings add up to the most that does not
 * exceed `amount` (exactly `amount` whenever possible), moving as few cents as possible from the start.
 */
function closestAllocation(start: Cents[], room: Cents[], savedAt: (k: number, d: Cents) => Cents, amount: Cents): Cents[] {
  let reach = new Map<Cents, { cost: number; picks: Cents[] }>([[0, { cost: 0, picks: [] }]]);
  start.forEach((d0, k) => {
    const next = new Map<Cents, { cost: number; picks: Cents[] }>();
    for (const [sum, r] of reach)
      for (let d = Math.max(0, d0 - EXACT_WINDOW); d <= Math.min(room[k], d0 + EXACT_WINDOW); d++) {
        const total = sum + savedAt(k, d);
        if (total > amount) break;
        const cost = r.cost + Math.abs(d - d0);
        const prev = next.get(total);
        if (!prev || cost < prev.cost) next.set(total, { cost, picks: [...r.picks, d] });
      }
    reach = next;
  });
  return reach.get(Math.max(...reach.keys()))!.picks;
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
