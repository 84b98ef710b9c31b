// Pure display helpers of the orders screens (French, spec §9 formats).
import {
  CHECKOUT_PAYMENT_LABELS,
  type CheckoutAddress,
  type OrderDetail,
  type OrderLine,
  type OrderReservationSummary,
} from 'shared-kernel/contracts';
import { PAYMENT_METHODS, formatCents, formatDateTime, refLabel } from 'shared-kernel/domain';

export { formatCents, formatDateTime };

/** '20 %', '5,5 %' (no-break space before the sign, French decimal comma). */
export function formatRate(rate: number): string {
  return `${rate.toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00a0%`;
}

/** Payment method label: the checkout wording first, then the §3 reference list, else the raw value. */
export function paymentMethodLabel(method: string): string {
  const checkout = (CHECKOUT_PAYMENT_LABELS as Record<string, { fr: string } | undefined>)[method];
  if (checkout) return checkout.fr;
  const ref = refLabel(PAYMENT_METHODS, method as (typeof PAYMENT_METHODS)[number]['value']);
  return ref || method;
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['fr'], { type: 'region' }) : null;

export function countryName(code: string): string {
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Address as display lines: name, company, street, street2, zipcode + city, country. */
export function addressLines(a: CheckoutAddress): string[] {
  return [
    `${a.firstname} ${a.lastname}`.trim(),
    a.company ?? '',
    a.street,
    a.street2 ?? '',
    `${a.zipcode} ${a.city}`.trim(),
    countryName(a.country),
  ].filter((l) => l.trim() !== '');
}

export const productLines = (o: Pick<OrderDetail, 'lines'>): OrderLine[] => o.lines.filter((l) => l.kind === 'product');
export const reservationLines = (o: Pick<OrderDetail, 'lines'>): OrderLine[] => o.lines.filter((l) => l.kind === 'reservation');

/** Cents as euros for a spreadsheet (the CSV writes the decimal comma): 123456 → 1234.56. */
export const centsToEuros = (cents: number): number => cents / 100;

/** '3 place(s)' — a reservation line's quantity is its number of places. */
export const placesLabel = (n: number): string => `${n} place${n > 1 ? 's' : ''}`;

/** Quantity with the free units added by quantity tiers: '12 + 1 offert', '12 + 2 offerts'. */
export function quantityLabel(l: Pick<OrderLine, 'quantity' | 'addQuantity'>): string {
  return l.addQuantity > 0 ? `${l.quantity} + ${l.addQuantity} offert${l.addQuantity > 1 ? 's' : ''}` : String(l.quantity);
}

/** One booked slot of a list row: 'Visite des chais · 12/04/2026 10:00 – 11:30 · 4 places' (no slot text: left out). */
export function bookedSlotLabel(r: Pick<OrderReservationSummary, 'eventTitle' | 'slotLabel' | 'places'>): string {
  return [r.eventTitle, r.slotLabel, placesLabel(r.places)].filter(Boolean).join(' · ');
}
