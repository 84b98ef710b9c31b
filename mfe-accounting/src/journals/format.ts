// Display helpers of the journals screen (pure).
import { VAT_TYPES } from 'shared-kernel/domain';
import type { texts as frTexts } from './texts';

type T = typeof frTexts;

/** 'YYYY-MM' → 'Mars 2026' (the page language's month names); the raw value when malformed. */
export function monthLabel(t: Pick<T, 'month'>, month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return t.month(Number(m[2]) - 1, Number(m[1]));
}

/** A rate key of the chart ('20', '5_5', '0') as it is written: '20', '5,5', '0'. */
export function vatRateNumber(rate: string): string {
  return rate.replace('_', ',');
}

/** §3 VAT type label ('fr' → 'France'); a country code or an unknown type as is. */
export function vatTypeLabel(type: string): string {
  return VAT_TYPES.find((v) => v.value === type)?.label ?? type;
}

/** The side of a balance (debit − credit): debtor, creditor, or settled at 0. */
export function balanceSide(balance: number): 'debtor' | 'creditor' | 'settled' {
  return balance > 0 ? 'debtor' : balance < 0 ? 'creditor' : 'settled';
}
