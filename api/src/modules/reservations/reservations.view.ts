/**
 * What the reservations screens read, from the rows (pure): a slot with its places and whether today is one of its
 * days (check-in), and the bookings — an order's participants on a slot: its reservation lines (one per rate) and the
 * tourist tax they pay.
 */
import { isAllDay, shopDate } from '../events';
import type { BookingLineRow, EventRow, SlotRow } from './reservations.repository';
import type { Booking, SlotInfo } from './reservations.schemas';

type Rates = EventRow['rates'];

/** The rate of a line: its label is `${event title at booking} — ${rate name}`. */
export function rateOf(label: string): string {
  const cut = label.lastIndexOf(' — ');
  return cut > 0 ? label.slice(cut + 3) : label;
}

/** A line of an active order holds its places; otherwise the event's rate tells whether it was an option. */
export function isOptional(line: { reserved: number; label: string }, rates: Rates | null | undefined): boolean {
  if (line.reserved > 0) return false;
  return !!rates?.find((r) => r.name === rateOf(line.label))?.optional;
}

/** The days of a slot (shop time): its start day to the day of its last instant. */
export function slotDays(start: Date, end: Date): { first: string; last: string } {
  const last = end.getTime() > start.getTime() ? new Date(end.getTime() - 1) : start;
  return { first: shopDate(start), last: shopDate(last) };
}

export function checkInOpen(slot: Pick<SlotRow, 'startsAt' | 'endsAt'>, today: string): boolean {
  const { first, last } = slotDays(slot.startsAt, slot.endsAt);
  return first <= today && today <= last;
}

export function slotInfo(slot: SlotRow, eventTitle: string, now: Date): SlotInfo {
  const left = Math.max(0, slot.placesLeft);
  return {
    id: slot.id,
    eventId: slot.eventId,
    eventTitle,
    name: slot.name,
    start: slot.startsAt.toISOString(),
    end: slot.endsAt.toISOString(),
    allDay: isAllDay(slot.startsAt, slot.endsAt),
    places: slot.places,
    placesLeft: left,
    booked: Math.max(0, slot.places - left),
    checkInOpen: checkInOpen(slot, shopDate(now)),
    past: slot.startsAt.getTime() <= now.getTime(),
  };
}

const personName = (r: BookingLineRow): string | null =>
  [r.checkerFirstname, r.checkerLastname].filter(Boolean).join(' ') || r.checkerUsername || null;

/**
 * The bookings of some lines, keyed `${orderId}:${slotId}`, in the order of the lines. `eventOf` gives the title and
 * rates of an event (the line's own title when the event is gone).
 */
export function bookingsOf(rows: BookingLineRow[], eventOf: (eventId: number | null) => { title: string; rates: Rates } | undefined) {
  const out = new Map<string, Booking>();
  for (const r of rows) {
    const l = r.line;
    const key = `${l.orderId}:${l.slotId}`;
    let b = out.get(key);
    const ev = eventOf(l.eventId);
    if (!b) {
      const cut = l.label.lastIndexOf(' — ');
      b = {
        lineId: l.id,
        orderId: r.order.id,
        orderNumber: r.order.number,
        orderStatus: r.order.status,
        paymentStatus: r.order.paymentStatus,
        client: { id: r.order.clientId, name: r.order.buyerName, email: r.order.buyerEmail, phone: r.order.phone },
        eventId: l.eventId,
        eventTitle: ev?.title ?? (cut > 0 ? l.label.slice(0, cut) : l.label),
        slotId: l.slotId,
        persons: 0,
        options: 0,
        lines: [],
        totalTTC: 0,
        checkedInAt: null,
        checkedInBy: null,
      };
      out.set(key, b);
    }
    b.totalTTC += l.totalTTC;
    if (l.kind !== 'reservation') continue;
    if (b.lines.length === 0) {
      // the actions name the booking by its first participants' line
      b.lineId = l.id;
      b.checkedInAt = l.checkedInAt ? l.checkedInAt.toISOString() : null;
      b.checkedInBy = l.checkedInBy ? { id: l.checkedInBy, name: personName(r) ?? '' } : null;
    }
    const optional = isOptional(l, ev?.rates);
    b.lines.push({ id: l.id, rate: rateOf(l.label), quantity: l.quantity, optional });
    if (optional) b.options += l.quantity;
    else b.persons += l.quantity;
  }
  // a booking is its participants: tourist-tax lines alone (never made) are not one
  for (const [k, b] of out) if (!b.lines.length) out.delete(k);
  return out;
}

const DAY_FMT = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });
const HOUR_FMT = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

/** The slot text kept on the lines (`details`), as the checkout writes it: '12/04/2026 10:00 – 11:30 (Matin)'. */
export function slotDetails(slot: Pick<SlotRow, 'startsAt' | 'endsAt' | 'name'>): string {
  const { startsAt: start, endsAt: end } = slot;
  const sameDay = DAY_FMT.format(start) === DAY_FMT.format(end);
  const text = sameDay
    ? `${DAY_FMT.format(start)} ${HOUR_FMT.format(start)} – ${HOUR_FMT.format(end)}`
    : `${DAY_FMT.format(start)} ${HOUR_FMT.format(start)} – ${DAY_FMT.format(end)} ${HOUR_FMT.format(end)}`;
  return text + (slot.name ? ` (${slot.name})` : '');
}
