/**
 * Spec §9 quantity-discount tiers: `discountPrice` and `discountAdd` are keyed by a
 * quantity threshold; the applicable tier is the highest threshold not above the
 * quantity (the cart length for global discounts).
 */
export type TierTable = Readonly<Record<string | number, number>>;

/** The highest threshold ≤ quantity, or null. */
export function tierThreshold(table: TierTable | null | undefined, quantity: number): number | null {
  if (!table) return null;
  let best: number | null = null;
  for (const key of Object.keys(table)) {
    const threshold = Number(key);
    if (!Number.isFinite(threshold) || threshold > quantity) continue;
    if (best === null || threshold > best) best = threshold;
  }
  return best;
}

/** Value of the applicable tier, or `fallback`. */
export function tierValue(table: TierTable | null | undefined, quantity: number, fallback: number | null = null): number | null {
  const t = tierThreshold(table, quantity);
  if (t === null || !table) return fallback;
  return table[t] ?? table[String(t)] ?? fallback;
}

/**
 * Price and add-on quantity for a line: `quantity` is the line quantity, or the cart
 * length (number of lines) when the discount is global.
 */
export function applyTiers(input: {
  basePrice: number;
  quantity: number;
  discountPrice?: TierTable | null;
  discountAdd?: TierTable | null;
  global?: boolean;
  cartLength?: number;
}): { price: number; addQuantity: number; threshold: number | null } {
  const q = input.global ? (input.cartLength ?? 0) : input.quantity;
  const threshold = tierThreshold(input.discountPrice, q);
  return {
    price: tierValue(input.discountPrice, q, input.basePrice) ?? input.basePrice,
    addQuantity: tierValue(input.discountAdd, q, 0) ?? 0,
    threshold,
  };
}

/** Spec §9: up to 12 bottles in one package. */
export const BOTTLES_PER_PACKAGE = 12;
/** Spec §9: 7 EUR per extra package. */
export const EXTRA_PACKAGE_PRICE_EUR = 7;

/** Packages needed for a number of bottles (at least one when there is anything to ship). */
export function packageCount(bottles: number): number {
  if (bottles <= 0) return 0;
  return Math.ceil(bottles / BOTTLES_PER_PACKAGE);
}

/** Extra-package surcharge in euros (every package beyond the first costs 7 EUR). */
export function extraPackagesCost(bottles: number): number {
  return Math.max(0, packageCount(bottles) - 1) * EXTRA_PACKAGE_PRICE_EUR;
}
