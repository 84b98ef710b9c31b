/**
 * The totals a closing carries — tickets, TTC / HT / VAT, per VAT rate, per payment method, per accounting type and
 * rate — computed from a session's tickets (a Z) or added up from the closings of a period (a month, a year).
 */
import { POS_PAYMENT_METHODS, type PosPaymentMethod, type PosTotals } from 'shared-kernel/contracts';
import type { PosTicketRow } from './pos.tables';

export function totalsOf(tickets: PosTicketRow[]): PosTotals {
  const byVat = new Map<number, { rate: number; ttc: number; ht: number; vat: number }>();
  const byMethod = new Map<PosPaymentMethod, number>();
  const byType = new Map<string, { accountingType: string; vatRate: number; totalHT: number; vat: number }>();
  for (const t of tickets) {
    for (const v of t.vat) {
      const r = byVat.get(v.rate) ?? { rate: v.rate, ttc: 0, ht: 0, vat: 0 };
      r.ttc += v.ttc;
      r.ht += v.ht;
      r.vat += v.vat;
      byVat.set(v.rate, r);
    }
    for (const p of t.payments) byMethod.set(p.method, (byMethod.get(p.method) ?? 0) + p.amount);
    for (const l of t.lines) {
      const k = `${l.accountingType}|${l.vatRate}`;
      const r = byType.get(k) ?? { accountingType: l.accountingType, vatRate: l.vatRate, totalHT: 0, vat: 0 };
      r.totalHT += l.totalHT;
      r.vat += l.vat;
      byType.set(k, r);
    }
  }
  const totalTTC = tickets.reduce((n, t) => n + t.totalTTC, 0);
  const totalVAT = tickets.reduce((n, t) => n + t.totalVAT, 0);
  return {
    tickets: tickets.length,
    totalTTC,
    totalHT: totalTTC - totalVAT,
    totalVAT,
    byVat: [...byVat.values()].sort((a, b) => b.rate - a.rate),
    byMethod: POS_PAYMENT_METHODS.filter((m) => byMethod.has(m)).map((m) => ({ method: m, amount: byMethod.get(m)! })),
    byType: [...byType.values()].sort((a, b) => a.accountingType.localeCompare(b.accountingType) || b.vatRate - a.vatRate),
  };
}

export function sumTotals(list: PosTotals[]): PosTotals {
  const out: PosTotals = { tickets: 0, totalTTC: 0, totalHT: 0, totalVAT: 0, byVat: [], byMethod: [], byType: [] };
  for (const t of list) {
    out.tickets += t.tickets;
    out.totalTTC += t.totalTTC;
    out.totalHT += t.totalHT;
    out.totalVAT += t.totalVAT;
    for (const v of t.byVat) {
      const r = out.byVat.find((x) => x.rate === v.rate);
      if (r) {
        r.ttc += v.ttc;
        r.ht += v.ht;
        r.vat += v.vat;
      } else out.byVat.push({ ...v });
    }
    for (const m of t.byMethod) {
      const r = out.byMethod.find((x) => x.method === m.method);
      if (r) r.amount += m.amount;
      else out.byMethod.push({ ...m });
    }
    for (const y of t.byType) {
      const r = out.byType.find((x) => x.accountingType === y.accountingType && x.vatRate === y.vatRate);
      if (r) {
        r.totalHT += y.totalHT;
        r.vat += y.vat;
      } else out.byType.push({ ...y });
    }
  }
  out.byVat.sort((a, b) => b.rate - a.rate);
  return out;
}
