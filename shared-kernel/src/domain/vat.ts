import { round2, toCents } from './money';

export type VatType = 'standard' | 'medium' | 'reduced';

/** Spec §9 default French VAT rates (percent). */
export const DEFAULT_VAT_RATES: Readonly<Record<VatType, number>> = { standard: 20, medium: 10, reduced: 5.5 };
/** Matching multipliers 1.2 / 1.1 / 1.055. */
export const VAT_MULTIPLIERS: Readonly<Record<VatType, number>> = { standard: 1.2, medium: 1.1, reduced: 1.055 };

/** Percentage rate → multiplier (20 → 1.2), exact to 4 decimals. */
export function vatMultiplier(ratePercent: number): number {
  return Math.round((1 + ratePercent / 100) * 10000) / 10000;
}

/** Rate of a VAT type in a shop's settings (falls back to the defaults). */
export function vatRateOf(type: VatType | undefined | null, rates: Partial<Record<VatType, number>> = DEFAULT_VAT_RATES): number {
  const t = type ?? 'standard';
  return rates[t] ?? DEFAULT_VAT_RATES[t];
}

/** HT → TTC, rounded to 2 decimals. */
export function htToTtc(ht: number, ratePercent: number = DEFAULT_VAT_RATES.standard): number {
  return round2(ht * vatMultiplier(ratePercent));
}

/** TTC → HT, rounded to 2 decimals. */
export function ttcToHt(ttc: number, ratePercent: number = DEFAULT_VAT_RATES.standard): number {
  return round2(ttc / vatMultiplier(ratePercent));
}

/** VAT amount contained in an HT price. */
export function vatOfHt(ht: number, ratePercent: number = DEFAULT_VAT_RATES.standard): number {
  return round2(htToTtc(ht, ratePercent) - round2(ht));
}

/** HT → TTC in integer cents. */
export function htToTtcCents(htCents: number, ratePercent: number = DEFAULT_VAT_RATES.standard): number {
  return toCents((htCents * vatMultiplier(ratePercent)) / 100);
}
