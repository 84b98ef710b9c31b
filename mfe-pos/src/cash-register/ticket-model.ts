// The ticket being rung up at the till, as plain data and pure functions (no React): what the screen edits, what
// priceTicket prices live, and the TicketInput the till queue sends. Also the refund arithmetic of a sold ticket.
import type { PosCatalogItem, PosPaymentMethod, PosTicket, TicketInput } from 'shared-kernel/contracts';
import { isValidGtin, priceTicket, toGtin14, type PricedTicket, type TicketDiscount, type TicketLineInput } from 'shared-kernel/domain';

export interface CartLine {
  /** local id of the line (React key, edits) */
  id: string;
  /** catalogue format, null for a free line */
  formatId: number | null;
  label: string;
  details: string | null;
  quantity: number;
  /** the price the line is sold at (the catalogue's, or the one changed at the till) */
  unitPriceTTC: number;
  /** the catalogue's price of a catalogue line (null for a free line): another unitPriceTTC is a price change */
  catalogPriceTTC: number | null;
  vatRate: number;
  accountingType: string;
  discount: TicketDiscount | null;
  free: boolean;
  /** units in the salespoint's warehouse when the line was added (catalogue lines) */
  stock: number | null;
}

export interface CartClient {
  id: number;
  name: string;
  email: string | null;
}

export interface Cart {
  lines: CartLine[];
  discount: TicketDiscount | null;
  client: CartClient | null;
}

export const EMPTY_CART: Cart = { lines: [], discount: null, client: null };

/** The accounting type of a free line (a service sold at the counter, as the back-office's free lines). */
export const FREE_LINE_ACCOUNTING_TYPE = 'prestation';
/** VAT rates offered for a free line. */
export const FREE_LINE_VAT_RATES = [20, 10, 5.5] as const;

let lineSeq = 0;
const nextLineId = () => `l${++lineSeq}`;

/** The catalogue line of `item` (+1 when it is already on the ticket, not offered). Returns the new cart and the line. */
export function addItem(cart: Cart, item: PosCatalogItem): { cart: Cart; line: CartLine } {
  const existing = cart.lines.find((l) => l.formatId === item.formatId && !l.free);
  if (existing) {
    const line = { ...existing, quantity: existing.quantity + 1 };
    return { cart: { ...cart, lines: cart.lines.map((l) => (l.id === existing.id ? line : l)) }, line };
  }
  const line: CartLine = {
    id: nextLineId(),
    formatId: item.formatId,
    label: item.label,
    details: item.details,
    quantity: 1,
    unitPriceTTC: item.unitPriceTTC,
    catalogPriceTTC: item.unitPriceTTC,
    vatRate: item.vatRate,
    accountingType: item.accountingType,
    discount: null,
    free: false,
    stock: item.stock,
  };
  return { cart: { ...cart, lines: [...cart.lines, line] }, line };
}

export function addFreeLine(
  cart: Cart,
  input: { label: string; unitPriceTTC: number; vatRate: number; free: boolean },
): { cart: Cart; line: CartLine } {
  const line: CartLine = {
    id: nextLineId(),
    formatId: null,
    label: input.label.trim(),
    details: null,
    quantity: 1,
    unitPriceTTC: input.unitPriceTTC,
    catalogPriceTTC: null,
    vatRate: input.vatRate,
    accountingType: FREE_LINE_ACCOUNTING_TYPE,
    discount: null,
    free: input.free,
    stock: null,
  };
  return { cart: { ...cart, lines: [...cart.lines, line] }, line };
}

export function updateLine(cart: Cart, id: string, patch: Partial<Pick<CartLine, 'quantity' | 'discount' | 'free'>>): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) };
}

/** A catalogue line whose price was changed at the till (sent as `unitPriceTTC`, journaled by the api). */
export function priceChanged(line: CartLine): boolean {
  return line.catalogPriceTTC !== null && line.unitPriceTTC !== line.catalogPriceTTC;
}

/** Changes the unit price TTC (cents) of a catalogue line; null puts the catalogue's price back. Free lines: unchanged. */
export function setLinePrice(cart: Cart, id: string, unitPriceTTC: number | null): Cart {
  return {
    ...cart,
    lines: cart.lines.map((l) =>
      l.id === id && l.catalogPriceTTC !== null ? { ...l, unitPriceTTC: unitPriceTTC ?? l.catalogPriceTTC } : l,
    ),
  };
}

export function removeLine(cart: Cart, id: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.id !== id) };
}

/** What priceTicket prices (and the api records): the lines as they are on screen. */
export function pricingInput(cart: Cart): { lines: TicketLineInput[]; discount: TicketDiscount | null } {
  return {
    lines: cart.lines.map((l) => ({
      formatId: l.formatId,
      label: l.label,
      quantity: l.quantity,
      unitPriceTTC: l.unitPriceTTC,
      vatRate: l.vatRate,
      accountingType: l.accountingType,
      discount: l.discount,
      free: l.free,
    })),
    discount: cart.discount,
  };
}

export function priceCart(cart: Cart): PricedTicket {
  return priceTicket(pricingInput(cart));
}

/** The problems of each line (by index) and of the ticket itself, from priceTicket's `problems`. */
export function problemsByLine(priced: PricedTicket): { lines: Map<number, string[]>; ticket: string[] } {
  const lines = new Map<number, string[]>();
  const ticket: string[] = [];
  for (const p of priced.problems) {
    const m = /^lines\.(\d+)\./.exec(p.field);
    if (m) lines.set(Number(m[1]), [...(lines.get(Number(m[1])) ?? []), p.message]);
    else if (p.field !== 'lines') ticket.push(p.message);
  }
  return { lines, ticket };
}

/**
 * The body the till sends (without the offline part, the queue adds it). A catalogue line names its format and is
 * priced by the api at the counter typology, unless its price was changed at the till: then it carries that
 * `unitPriceTTC` (the api records a price change); a free line carries its label, price, VAT rate and accounting type.
 */
export function toTicketInput(
  cart: Cart,
  payment: { key: string; payments: Array<{ method: PosPaymentMethod; amount: number }>; cashGiven: number | null },
): Omit<TicketInput, 'offline'> {
  return {
    key: payment.key,
    lines: cart.lines.map((l) =>
      l.formatId !== null
        ? {
            formatId: l.formatId,
            label: l.label,
            quantity: l.quantity,
            ...(priceChanged(l) ? { unitPriceTTC: l.unitPriceTTC } : {}),
            discount: l.discount,
            free: l.free,
          }
        : {
            formatId: null,
            label: l.label,
            quantity: l.quantity,
            unitPriceTTC: l.unitPriceTTC,
            vatRate: l.vatRate,
            accountingType: l.accountingType,
            discount: l.discount,
            free: l.free,
          },
    ),
    discount: cart.discount,
    clientId: cart.client?.id ?? null,
    payments: payment.payments,
    cashGiven: payment.cashGiven,
  };
}

/** Units of a catalogue format already on the ticket (all its lines). */
export function quantityOf(cart: Cart, formatId: number): number {
  return cart.lines.filter((l) => l.formatId === formatId).reduce((n, l) => n + l.quantity, 0);
}

/** The catalogue item of a scanned code, whatever its length (GTIN-8/12/13/14 compared on 14 digits). */
export function findByGtin(items: readonly PosCatalogItem[], code: string): PosCatalogItem | undefined {
  const wanted = toGtin14(code);
  return items.find((i) => i.gtin && /^\d{1,14}$/.test(i.gtin) && toGtin14(i.gtin) === wanted);
}

export type ScanResult =
  { kind: 'invalid'; code: string } | { kind: 'unknown'; code: string } | { kind: 'found'; code: string; item: PosCatalogItem };

/** What a scanned or typed code is: a bad check digit, a valid code the catalogue does not have, or an item. */
export function lookupCode(items: readonly PosCatalogItem[], raw: string): ScanResult {
  const code = raw.replace(/\s/g, '');
  if (!isValidGtin(code)) return { kind: 'invalid', code };
  const item = findByGtin(items, code);
  return item ? { kind: 'found', code, item } : { kind: 'unknown', code };
}

/** A fresh idempotency key for a ticket or a refund. */
export function newKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

// ------------------------------------------------------------------ refunds

/** Units of line `index` of a sale ticket that can still be refunded. */
export function refundableUnits(ticket: PosTicket, index: number): number {
  const line = ticket.lines[index];
  if (!line || ticket.kind !== 'sale') return 0;
  return Math.max(0, line.quantity - (ticket.refunded[index] ?? 0));
}

/**
 * Cents given back for `quantity` units of a sold line: their share of what the line came to after its discounts,
 * the whole line exactly when every unit goes back (positive; the refund ticket carries it negative).
 */
export function refundAmountOfLine(ticket: PosTicket, index: number, quantity: number): number {
  const line = ticket.lines[index];
  if (!line || quantity <= 0 || line.quantity <= 0) return 0;
  if (quantity >= line.quantity) return line.totalTTC;
  return Math.round((line.totalTTC * quantity) / line.quantity);
}

export function refundTotal(ticket: PosTicket, quantities: Record<number, number>): number {
  return Object.entries(quantities).reduce((n, [index, q]) => n + refundAmountOfLine(ticket, Number(index), q), 0);
}
