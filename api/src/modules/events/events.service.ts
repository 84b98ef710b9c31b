import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { PublicEvent } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { eventSlots, events } from '../../platform/db/schema';

/** Events of a shop with their future slots and the places left (rates: cents TTC → priceTTC euros). */
export async function listPublicEvents(db: Db, shopId: number, now = new Date()): Promise<PublicEvent[]> {
  const evs = await db.select().from(events).where(eq(events.shopId, shopId)).orderBy(asc(events.id));
  if (!evs.length) return [];
  const slots = await db.select().from(eventSlots)
    .where(and(inArray(eventSlots.eventId, evs.map((e) => e.id)), gt(eventSlots.startsAt, now)))
    .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
  return evs.map((e) => ({
    id: e.id, shopId: e.shopId, title: e.title, description: e.description, location: e.location, durationMinutes: e.durationMinutes,
    languages: e.languages ?? [], message: e.message, visuals: e.visuals ?? [],
    rates: (e.rates ?? []).map((r) => ({ name: r.name, priceTTC: r.priceCents / 100, optional: !!r.optional, touristTax: !!r.touristTax })),
    slots: slots.filter((s) => s.eventId === e.id).map((s) => ({
      id: s.id, name: s.name, start: s.startsAt.toISOString(), end: s.endsAt.toISOString(), places: s.places, placesLeft: Math.max(0, s.placesLeft),
    })),
  }));
}
