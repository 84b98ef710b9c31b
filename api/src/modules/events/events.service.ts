import type { Paginated, PublicEvent } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError, MESSAGES, badRequest, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { assertShopOpen } from '../../platform/routes';
import { findShopByRef } from '../orders';
import {
  deleteEmptySlot,
  findEventSlots,
  findFutureSlots,
  findShopEvent,
  findShopEvents,
  findSlot,
  insertEvent,
  insertSlots,
  listShopEvents,
  updateEvent,
  type EventRow,
  type SlotRow,
} from './events.repository';
import { expandSchedule, isAllDay } from './events.schedule';
import {
  EVENT_MESSAGES as M,
  MAX_SLOTS_PER_SCHEDULE,
  type EventDetail,
  type EventInput,
  type EventSlot,
  type EventSummary,
  type EventsListQuery,
  type ScheduleInput,
  type StoredSchedule,
} from './events.schemas';

const slotOut = (s: SlotRow): EventSlot => ({
  id: s.id,
  name: s.name,
  start: s.startsAt.toISOString(),
  end: s.endsAt.toISOString(),
  allDay: isAllDay(s.startsAt, s.endsAt),
  places: s.places,
  placesLeft: Math.max(0, s.placesLeft),
  booked: Math.max(0, s.places - Math.max(0, s.placesLeft)),
});

function storedOf(e: EventRow): StoredSchedule {
  const s = (e.schedule ?? {}) as Partial<StoredSchedule>;
  return { placesPerSlot: typeof s.placesPerSlot === 'number' ? s.placesPerSlot : null, rules: Array.isArray(s.rules) ? s.rules : [] };
}

function summaryOf(e: EventRow, slots: SlotRow[], now: Date): EventSummary {
  const future = slots.filter((s) => s.eventId === e.id && s.startsAt.getTime() > now.getTime());
  const out = future.map(slotOut);
  const stored = storedOf(e);
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    location: e.location,
    durationMinutes: e.durationMinutes,
    languages: e.languages ?? [],
    message: e.message,
    mandatoryReservation: e.mandatoryReservation,
    rates: (e.rates ?? []).map((r) => ({ name: r.name, priceCents: r.priceCents, optional: !!r.optional, touristTax: !!r.touristTax })),
    placesPerSlot: stored.placesPerSlot,
    online: e.online,
    schedule: stored,
    createdAt: e.createdAt.toISOString(),
    nextSlot: out[0] ?? null,
    upcomingSlots: out.length,
    placesBooked: out.reduce((n, s) => n + s.booked, 0),
    placesLeft: out.reduce((n, s) => n + s.placesLeft, 0),
  };
}

const rowOf = (input: EventInput, schedule: StoredSchedule) => ({
  title: input.title,
  description: input.description,
  location: input.location,
  durationMinutes: input.durationMinutes ?? null,
  languages: input.languages,
  message: input.message,
  mandatoryReservation: input.mandatoryReservation,
  rates: input.rates.map((r) => ({
    name: r.name,
    priceCents: r.priceCents,
    ...(r.optional ? { optional: true } : {}),
    ...(r.touristTax ? { touristTax: true } : {}),
  })),
  online: input.online,
  schedule: schedule as unknown as Record<string, unknown>,
});

/** §1 module `reservations`: while it is off the shop takes no booking from its public side (shop page, cart). */
export const reservationsOpen = (shop: { integration?: Record<string, { active?: unknown }> | null }): boolean =>
  shop.integration?.reservations?.active === true;

export function createEventsService(deps: { db: Db }) {
  const { db } = deps;

  /** Online events of a shop with their future slots and the places left (rates: cents TTC → priceTTC euros). */
  async function listPublicEvents(shopId: number, now = new Date()): Promise<PublicEvent[]> {
    const evs = await findShopEvents(db, shopId);
    if (!evs.length) return [];
    const slots = await findFutureSlots(
      db,
      evs.map((e) => e.id),
      now,
    );
    return evs.map((e) => ({
      id: e.id,
      shopId: e.shopId,
      title: e.title,
      description: e.description,
      location: e.location,
      durationMinutes: e.durationMinutes,
      languages: e.languages ?? [],
      message: e.message,
      visuals: e.visuals ?? [],
      rates: (e.rates ?? []).map((r) => ({
        name: r.name,
        priceTTC: r.priceCents / 100,
        optional: !!r.optional,
        touristTax: !!r.touristTax,
      })),
      slots: slots
        .filter((s) => s.eventId === e.id)
        .map((s) => ({
          id: s.id,
          name: s.name,
          start: s.startsAt.toISOString(),
          end: s.endsAt.toISOString(),
          places: s.places,
          placesLeft: Math.max(0, s.placesLeft),
        })),
    }));
  }

  async function detail(shopId: number, id: number, now = new Date()): Promise<EventDetail> {
    const e = await findShopEvent(db, shopId, id);
    if (!e) throw notFound(M.eventNotFound);
    const slots = await findEventSlots(db, e.id);
    return { ...summaryOf(e, slots, now), slots: slots.map(slotOut) };
  }

  return {
    listPublicEvents,
    /** A shop named by id, code or urlShop → its online events; unknown shop → 404. */
    async ofShop(ref: string): Promise<PublicEvent[]> {
      const shop = await findShopByRef(db, ref);
      if (!shop) throw notFound(MESSAGES.shopNotFound);
      if (shop.suspendedAt) return []; // a suspended shop sells nothing
      assertShopOpen(shop); // a closed shop (§1 module `shop` off): 404 as its other public data
      if (!reservationsOpen(shop)) return []; // §1 module `reservations` off: nothing to book from the public side
      return listPublicEvents(shop.id);
    },

    /** The shop's events (online or not) with their next slot and the places booked / left of the slots to come. */
    async list(shopId: number, q: EventsListQuery, now = new Date()): Promise<Paginated<EventSummary>> {
      const { rows, total } = await listShopEvents(db, shopId, q);
      const slots = await findFutureSlots(
        db,
        rows.map((e) => e.id),
        now,
      );
      return paginated(
        rows.map((e) => summaryOf(e, slots, now)),
        total,
        q,
      );
    },

    detail,

    async create(shopId: number, input: EventInput) {
      const e = await insertEvent(db, { shopId, ...rowOf(input, { placesPerSlot: input.placesPerSlot, rules: [] }) });
      return { ...(await detail(shopId, e.id)), message: 'Événement créé' };
    },

    /** Changes the event; the slots already made keep their places (the new count is for the next ones). */
    async update(shopId: number, id: number, input: EventInput) {
      await db.transaction(async (tx) => {
        const e = await findShopEvent(tx, shopId, id, true);
        if (!e) throw notFound(M.eventNotFound);
        await updateEvent(tx, shopId, id, rowOf(input, { ...storedOf(e), placesPerSlot: input.placesPerSlot }));
      });
      return { ...(await detail(shopId, id)), message: 'Événement mis à jour' };
    },

    /**
     * Makes the slots of a schedule in one transaction (the event row locked: two generations at once queue up):
     * a slot starting when one of the event's slots already starts is not made twice, past ones are not made.
     * The schedule is added to `events.schedule.rules`.
     */
    async generateSlots(shopId: number, id: number, schedule: ScheduleInput, now = new Date()) {
      return db.transaction(async (tx) => {
        const e = await findShopEvent(tx, shopId, id, true);
        if (!e) throw notFound(M.eventNotFound);
        if (schedule.mode !== 'period' && !e.durationMinutes) throw badRequest(M.durationNeeded, 'durationMinutes');
        const stored = storedOf(e);
        const places = schedule.places ?? stored.placesPerSlot;
        if (!places) throw badRequest(M.places, 'places');
        const planned = expandSchedule(schedule, e.durationMinutes);
        if (planned.length > MAX_SLOTS_PER_SCHEDULE) throw badRequest(M.tooMany(MAX_SLOTS_PER_SCHEDULE), 'schedule');
        const upcoming = planned.filter((p) => p.startsAt.getTime() > now.getTime());
        if (!upcoming.length) throw badRequest(M.empty, schedule.mode === 'oneOff' ? 'date' : 'from');
        const taken = new Set((await findEventSlots(tx, e.id)).map((s) => s.startsAt.getTime()));
        const fresh = upcoming.filter((p) => !taken.has(p.startsAt.getTime()));
        const created = await insertSlots(
          tx,
          fresh.map((p) => ({ shopId, eventId: e.id, name: p.name, startsAt: p.startsAt, endsAt: p.endsAt, places, placesLeft: places })),
        );
        const rule = { ...schedule, places, createdAt: now.toISOString(), slots: created.length };
        await updateEvent(tx, shopId, e.id, {
          schedule: { ...stored, rules: [...stored.rules, rule].slice(-50) } as Record<string, unknown>,
        });
        const duplicates = upcoming.length - fresh.length;
        const n = created.length;
        return {
          created: created.map(slotOut),
          duplicates,
          past: planned.length - upcoming.length,
          message:
            `${n} créneau${n > 1 ? 'x' : ''} créé${n > 1 ? 's' : ''}` +
            (duplicates ? ` (${duplicates} déjà existant${duplicates > 1 ? 's' : ''}, non recréé${duplicates > 1 ? 's' : ''})` : ''),
        };
      });
    },

    /** Deletes a slot nobody booked: 409 otherwise; another shop's event or slot → 404. */
    async deleteSlot(shopId: number, id: number, slotId: number) {
      const e = await findShopEvent(db, shopId, id);
      if (!e) throw notFound(M.eventNotFound);
      if (!(await findSlot(db, e.id, slotId))) throw notFound(M.slotNotFound);
      if (!(await deleteEmptySlot(db, e.id, slotId))) throw new HttpError(409, M.slotBooked);
      return { success: true as const, message: 'Créneau supprimé' };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
