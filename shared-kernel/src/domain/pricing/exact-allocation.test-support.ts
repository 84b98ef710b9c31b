import { priceOrder, vatOf, type PricingOptions } from './engine';
import type { CartOrder } from '../cart';

/**
 * Whether some HT per VAT rate (each within the eligible goods of that rate) makes the order's TTC fall by exactly
 * `amount`, searched exhaustively, independently of the engine: rates one after the other, the last one solved by
 * bisection (its saving grows with its HT), pruned by what the remaining rates can still save. `options`: what is
 * applied before (a promotion code before a loyalty discount). Test support only: never imported by the product.
 */
export function exactAllocationExists(o: CartOrder, idTmps: readonly string[], amount: number, options: PricingOptions = {}): boolean {
  const plain = priceOrder(o, options);
  const only = new Set(idTmps);
  const rates = [...new Set(plain.lines.filter((l) => only.has(l.idTmp)).map((l) => l.vatRate))];
  const base = rates.map((rate) => plain.price.vatByRate[String(rate)].ht);
  const room = rates.map((rate) =>
    plain.lines.filter((l) => only.has(l.idTmp) && l.vatRate === rate).reduce((n, l) => n + l.grossHT - l.promoAmount, 0),
  );
  const saved = (k: number, d: number) => base[k] + vatOf(base[k], rates[k]) - (base[k] - d + vatOf(base[k] - d, rates[k]));
  const most = rates.map((_, k) => saved(k, room[k]));
  const search = (k: number, left: number): boolean => {
    const rest = most.slice(k + 1).reduce((n, m) => n + m, 0);
    if (k === rates.length - 1) {
      let lo = 0;
      let hi = room[k];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (saved(k, mid) < left) lo = mid + 1;
        else hi = mid;
      }
      return saved(k, lo) === left;
    }
    for (let d = 0; d <= room[k]; d++) {
      const s = saved(k, d);
      if (s > left) return false;
      if (left - s <= rest && search(k + 1, left - s)) return true;
    }
    return false;
  };
  return rates.length > 0 && search(0, amount);
}
