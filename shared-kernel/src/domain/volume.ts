import { round2 } from './money';

/** Spec §9: default bottle 75 cl. */
export const DEFAULT_BOTTLE_LITRES = 0.75;

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

/** The excise data of a vintage the duties are computed from (product_vintages.legal). */
export interface ExciseLegal {
  /** excise duty rate, per `typeDA` unit */
  da?: number | null;
  typeDA?: DutyBase | null;
  /** social security contribution rate: per hl of pure alcohol when typeDA is 'hlap' (spirits), else per hl */
  css?: number | null;
  customTaxAmountPerHL?: number | null;
  /** the price already includes them */
  dutiesIncluded?: boolean;
}

/**
 * Excise duty and per-hectolitre contributions of a volume released for consumption, in euros — the one rule of the
 * price engine (what a buyer pays) and of the DRM (what the producer declares):
 * - excise (CGI art. 403 for wines, intermediate products and spirits, art. 520 A for beer): `da` on the `typeDA` base;
 * - the social security contribution (Code de la sécurité sociale art. L245-7 to L245-9): per hectolitre of pure
 *   alcohol for drinks over 18 % vol. (typeDA 'hlap'), per hectolitre of volume for intermediate products;
 * - a custom tax per hectolitre of volume.
 * `duties` is rounded to the cent (alcoholDuty); `contributions` is left unrounded for the caller's single rounding.
 */
export function exciseDuties(input: { volumeHl: number; legal: ExciseLegal | null | undefined; abvPercent: number }): {
  duties: number;
  contributions: number;
} {
  const { volumeHl: hl, legal } = input;
  const pos = (v: unknown) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const abv = pos(input.abvPercent);
  if (!legal || legal.dutiesIncluded || hl <= 0) return { duties: 0, contributions: 0 };
  const base = legal.typeDA ?? 'hl';
  const duties = pos(legal.da) ? alcoholDuty({ volumeHl: hl, ratePerUnit: pos(legal.da), base, abvPercent: abv }) : 0;
  const css = pos(legal.css) * (base === 'hlap' ? hl * (abv / 100) : hl);
  return { duties, contributions: clean(css + hl * pos(legal.customTaxAmountPerHL)) };
}

/** Custom tax expressed per hectolitre (e.g. social security contribution), in euros. */
export function customTaxPerHl(volume: number, amountPerHl: number): number {
  return round2(volume * amountPerHl);
}
