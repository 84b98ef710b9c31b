/**
 * A till ticket, priced the French retail way: prices are TTC, a line's discount and the ticket's
 * discount come off the TTC, and the VAT of each rate is taken out of that rate's TTC total (VAT = TTC × t / (100 + t),
 * rounded to the cent once per rate), then split over the rate's lines in proportion to their TTC (largest remainder),
 * so the lines, the rates and the ticket add up to the cent. The till (offline too) and the api run this same code:
 * the ticket the customer saw is the ticket the api records.
 */

import { splitCentsBy } from '../money';

export type TicketDiscount = { kind: 'percent' | 'amount'; value: number };

export interface TicketLineInput {
  formatId?: number | null;
  vintageId?: number | null;
  label: string;
  /** negative on a refund ticket */
  quantity: number;
  /** cents TTC per unit */
  unitPriceTTC: number;
  vatRate: number;
  accountingType: string;
  /** percent (0–100) or cents TTC off the line */
  discount?: TicketDiscount | null;
  /** offered: priced 0 (a tasting glass, a gift) */
  free?: boolean;
}

export interface PricedTicketLine extends TicketLineInput {
  /** cents: quantity × unit price, the line's discount, its share of the ticket's discount, what it comes to */
  gross: number;
  lineDiscount: number;
  ticketDiscount: number;
  totalTTC: number;
  totalHT: number;
  vat: number;
}

export interface PricedTicket {
  lines: PricedTicketLine[];
  /** cents: before any discount, the discounts, and the ticket's totals */
  gross: number;
  discount: number;
  totalTTC: number;
  totalHT: number;
  totalVAT: number;
  vat: Array<{ rate: number; ttc: number; ht: number; vat: number }>;
  problems: Array<{ field: string; message: string }>;
}

export const TICKET_MESSAGES = {
  quantity: 'La quantité est un nombre entier différent de 0',
  price: 'Le prix est un montant positif en centimes',
  lineDiscount: 'La remise dépasse le montant de la ligne',
  ticketDiscount: 'La remise dépasse le montant du ticket',
  percent: 'Une remise en % est comprise entre 0 et 100',
  empty: 'Le ticket est vide',
} as const;

/** VAT included in `ttc` cents at `rate` % (rounded half away from zero). */
export function vatIn(ttc: number, rate: number): number {
  if (!rate) return 0;
  const v = (Math.abs(ttc) * rate) / (100 + rate);
  return Math.sign(ttc) * Math.round(v);
}

function discountOf(
  d: TicketDiscount | null | undefined,
  base: number,
  field: string,
  problems: PricedTicket['problems'],
  message: string,
) {
  if (!d || !d.value) return 0;
  if (d.kind === 'percent') {
    if (d.value < 0 || d.value > 100) {
      problems.push({ field, message: TICKET_MESSAGES.percent });
      return 0;
    }
    return Math.round((Math.abs(base) * d.value) / 100) * Math.sign(base);
  }
  if (!Number.isInteger(d.value) || d.value < 0 || d.value > Math.abs(base)) {
    problems.push({ field, message });
    return 0;
  }
  return d.value * Math.sign(base);
}

/** Prices a ticket; `problems` says what makes it unacceptable (field named), the totals are meaningful without them. */
export function priceTicket(input: { lines: TicketLineInput[]; discount?: TicketDiscount | null }): PricedTicket {
  const problems: PricedTicket['problems'] = [];
  if (!input.lines.length) problems.push({ field: 'lines', message: TICKET_MESSAGES.empty });
  const first = input.lines.map((l, i) => {
    if (!Number.isInteger(l.quantity) || l.quantity === 0)
      problems.push({ field: `lines.${i}.quantity`, message: TICKET_MESSAGES.quantity });
    if (!Number.isInteger(l.unitPriceTTC) || l.unitPriceTTC < 0)
      problems.push({ field: `lines.${i}.unitPriceTTC`, message: TICKET_MESSAGES.price });
    const gross = l.free ? 0 : l.unitPriceTTC * l.quantity;
    const lineDiscount = discountOf(l.discount, gross, `lines.${i}.discount`, problems, TICKET_MESSAGES.lineDiscount);
    return { ...l, gross, lineDiscount, net: gross - lineDiscount };
  });
  const net = first.reduce((n, l) => n + l.net, 0);
  const discount = discountOf(input.discount, net, 'discount', problems, TICKET_MESSAGES.ticketDiscount);
  const shares = splitCentsBy(
    discount,
    first.map((l) => l.net),
  );
  const lines = first.map((l, i) => ({ ...l, ticketDiscount: shares[i], totalTTC: l.net - shares[i] }));
  const rates = [...new Set(lines.map((l) => l.vatRate))].sort((a, b) => b - a);
  const vat = rates.map((rate) => {
    const mine = lines.filter((l) => l.vatRate === rate);
    const ttc = mine.reduce((n, l) => n + l.totalTTC, 0);
    const v = vatIn(ttc, rate);
    return { rate, ttc, ht: ttc - v, vat: v };
  });
  const priced: PricedTicketLine[] = lines.map(({ net: _net, ...l }) => ({ ...l, totalHT: l.totalTTC, vat: 0 }));
  for (const r of vat) {
    const idx = priced.map((l, i) => (l.vatRate === r.rate ? i : -1)).filter((i) => i >= 0);
    const parts = splitCentsBy(
      r.vat,
      idx.map((i) => priced[i].totalTTC),
    );
    idx.forEach((i, k) => {
      priced[i].vat = parts[k];
      priced[i].totalHT = priced[i].totalTTC - parts[k];
    });
  }
  const totalTTC = priced.reduce((n, l) => n + l.totalTTC, 0);
  const totalVAT = vat.reduce((n, r) => n + r.vat, 0);
  return {
    lines: priced,
    gross: priced.reduce((n, l) => n + l.gross, 0),
    discount: priced.reduce((n, l) => n + l.lineDiscount + l.ticketDiscount, 0),
    totalTTC,
    totalHT: totalTTC - totalVAT,
    totalVAT,
    vat,
    problems,
  };
}

export const PAYMENT_MESSAGES = {
  total: (total: string, paid: string) => `Les règlements (${paid}) ne font pas le total du ticket (${total})`,
  cashGiven: 'Le montant donné en espèces est inférieur à la part payée en espèces',
  amount: 'Un règlement est un montant en centimes différent de 0',
  method: 'Ce mode de règlement n’est pas accepté par ce point de vente',
} as const;

/**
 * What stops a ticket being paid: the payments must add up to its total exactly; cash given (when any) must cover the
 * cash part, the change being the difference. `format` writes amounts for the message.
 */
export function paymentProblems(
  totalTTC: number,
  payments: Array<{ method: string; amount: number }>,
  cashGiven: number | null | undefined,
  format: (cents: number) => string,
  accepted?: readonly string[],
): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  payments.forEach((p, i) => {
    if (!Number.isInteger(p.amount) || p.amount === 0 || Math.sign(p.amount) !== Math.sign(totalTTC || 1))
      problems.push({ field: `payments.${i}.amount`, message: PAYMENT_MESSAGES.amount });
    if (accepted && !accepted.includes(p.method)) problems.push({ field: `payments.${i}.method`, message: PAYMENT_MESSAGES.method });
  });
  const paid = payments.reduce((n, p) => n + p.amount, 0);
  if (paid !== totalTTC) problems.push({ field: 'payments', message: PAYMENT_MESSAGES.total(format(totalTTC), format(paid)) });
  const cash = payments.filter((p) => p.method === 'cash').reduce((n, p) => n + p.amount, 0);
  if (cashGiven != null && cash > 0 && cashGiven < cash) problems.push({ field: 'cashGiven', message: PAYMENT_MESSAGES.cashGiven });
  return problems;
}

/** The change due on the cash part (0 without cash given). */
export function changeDue(payments: Array<{ method: string; amount: number }>, cashGiven: number | null | undefined): number {
  const cash = payments.filter((p) => p.method === 'cash').reduce((n, p) => n + p.amount, 0);
  return cashGiven != null && cash > 0 ? Math.max(0, cashGiven - cash) : 0;
}
