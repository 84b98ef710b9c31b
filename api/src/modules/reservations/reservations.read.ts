/**
 * What the reservations screens read: the slots of a period by day with their participants, the shop's bookable
 * events (the reservation form, the move dialog) and one reservation's detail.
 */
import type { DbOrTx } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { findFutureSlots, nextDay, shopDate, shopTime } from '../events';
import { CLOSED, paidSome, type ReservationsDeps } from './reservations.model';
import * as repo from './reservations.repository';
import {
  RESERVATION_MESSAGES as M,
  type Booking,
  type BookableEvent,
  type ReservationDetail,
  type SlotsAnswer,
  type SlotsQuery,
} from './reservations.schemas';
import { bookingsOf, slotInfo } from './reservations.view';

const MAX_DAYS = 62;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function eventsById(dbx: DbOrTx, shopId: number) {
  const evs = await repo.findEvents(dbx, shopId);
  const byId = new Map(evs.map((e) => [e.id, e]));
  return (id: number | null) => (id == null ? undefined : byId.get(id));
}

/** The bookings of one order on one slot (undefined when it has none there). */
export async function bookingOf(dbx: DbOrTx, shopId: number, orderId: number, slotId: number | null): Promise<Booking | undefined> {
  const rows = await repo.findOrderBookingLines(dbx, orderId);
  return bookingsOf(rows, await eventsById(dbx, shopId)).get(`${orderId}:${slotId}`);
}

export async function listSlots(
  { db }: Pick<ReservationsDeps, 'db'>,
  shopId: number,
  q: SlotsQuery,
  now = new Date(),
): Promise<SlotsAnswer> {
  const today = shopDate(now);
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 6);
  if (to < from) throw new HttpError(400, M.rangeOrder, 'to');
  if (Date.parse(to) - Date.parse(from) > (MAX_DAYS - 1) * 86_400_000) throw new HttpError(400, M.rangeMax, 'to');
  if (q.eventId && !(await repo.findEvent(db, shopId, q.eventId))) throw notFound(M.eventNotFound);
  const slots = await repo.findSlotsBetween(db, shopId, shopTime(from), shopTime(nextDay(to)), q.eventId);
  const lines = await repo.findActiveBookingLines(
    db,
    shopId,
    slots.map((s) => s.slot.id),
  );
  const eventOf = new Map(slots.map((s) => [s.slot.eventId, { title: s.title, rates: s.rates }]));
  const bookings = bookingsOf(lines, (id) => (id == null ? undefined : eventOf.get(id)));
  const days = new Map<string, SlotsAnswer['days'][number]['slots']>();
  for (const s of slots) {
    const day = shopDate(s.slot.startsAt);
    const list = [...bookings.values()].filter((b) => b.slotId === s.slot.id);
    days.set(day, [...(days.get(day) ?? []), { ...slotInfo(s.slot, s.title, now), bookings: list }]);
  }
  return { from, to, today, days: [...days].map(([date, list]) => ({ date, slots: list })) };
}

/** The shop's events with their rates and slots to come (the reservation form, the move dialog). */
export async function bookableEvents(
  { db }: Pick<ReservationsDeps, 'db'>,
  shopId: number,
  eventId: number | undefined,
  now = new Date(),
): Promise<BookableEvent[]> {
  const evs = await repo.findEvents(db, shopId, eventId);
  if (eventId && !evs.length) throw notFound(M.eventNotFound);
  const slots = await findFutureSlots(
    db,
    evs.map((e) => e.id),
    now,
  );
  return evs.map((e) => ({
    id: e.id,
    title: e.title,
    online: e.online,
    location: e.location,
    rates: (e.rates ?? []).map((r) => ({ name: r.name, priceCents: r.priceCents, optional: !!r.optional, touristTax: !!r.touristTax })),
    slots: slots.filter((s) => s.eventId === e.id).map((s) => slotInfo(s, e.title, now)),
  }));
}

export async function detail(
  { db }: Pick<ReservationsDeps, 'db'>,
  shopId: number,
  orderId: number,
  now = new Date(),
): Promise<ReservationDetail> {
  const o = await repo.findOrder(db, shopId, orderId);
  if (!o) throw notFound(M.orderNotFound);
  const rows = await repo.findOrderBookingLines(db, o.id);
  const bookings = [...bookingsOf(rows, await eventsById(db, shopId)).values()];
  if (!bookings.length) throw notFound(M.orderNotFound);
  const slots = await repo.findSlotsByIds(db, [...new Set(bookings.map((b) => b.slotId).filter((v): v is number => v != null))]);
  const invoices = await repo.findOrderInvoices(db, o.id);
  return {
    orderId: o.id,
    number: o.number,
    status: o.status,
    paymentStatus: o.paymentStatus,
    source: o.source,
    active: !CLOSED.includes(o.status),
    invoiced: invoices.length > 0,
    paid: paidSome(o) || invoices.some((i) => i.paid > 0),
    bookings: bookings.map((b) => {
      const s = slots.find((x) => x.slot.id === b.slotId);
      return { ...b, slot: s ? slotInfo(s.slot, s.title, now) : null };
    }),
  };
}
