import { round2 } from './money';

/** Spec §9: default bottle 75 cl. */
export const DEFAULT_BOTTLE_LITRES = 0.75;
export const DEFAULT_BOTTLE_HL = 0.0075;

const EPS = 1e-12;
const clean = (n: number, digits = 10) => Math.round(n * 10 ** digits) / 10 ** digits;

/** 75 cl equivalent of a unit volume in litres (1.5 l magnum → 2). */
export function eq75(litres: number): number {
  return clean(litres / DEFAULT_BOTTLE_LITRES);
}

/** Litres → hectolitres (75 cl → 0.0075). */
export function litresToHl(litres: number): number {
  return clean(litres / 100);
}

export function hlToLitres(hl: number): number {
  return clean(hl * 100);
}

/** Volume in hl of `quantity` units of `unitLitres` (default a 75 cl bottle). */
export function volumeHl(quantity: number, unitLitres: number = DEFAULT_BOTTLE_LITRES): number {
  return clean(quantity * litresToHl(unitLitres));
}

/**
 * How an excise rate applies (spec §9: "amount per ap, da or dap"):
 *  - 'hl'  : per hectolitre of product (still wine, cider…)
 *  - 'hlap': per hectolitre of pure alcohol (spirits: rate × hl × abv/100)
 *  - 'hlabv': per hectolitre and per degree (beer: rate × hl × abv)
 */
export type DutyBase = 'hl' | 'hlap' | 'hlabv';

/** Alcohol duty in euros for a volume, rounded to 2 decimals. */
export function alcoholDuty(input: { volumeHl: number; ratePerUnit: number; base: DutyBase; abvPercent?: number }): number {
  const { volumeHl: hl, ratePerUnit, base, abvPercent = 0 } = input;
  if (hl < -EPS || ratePerUnit < 0 || abvPercent < 0) throw new RangeError('volume, rate and alcohol must be positive');
  switch (base) {
    case 'hl':
      return round2(hl * ratePerUnit);
    case 'hlap':
      return round2(hl * (abvPercent / 100) * ratePerUnit);
    case 'hlabv':
      return round2(hl * abvPercent * ratePerUnit);
  }
}

/** Custom tax expressed per hectolitre (e.g. social security contribution), in euros. */
export function customTaxPerHl(volume: number, amountPerHl: number): number {
  return round2(volume * amountPerHl);
}
