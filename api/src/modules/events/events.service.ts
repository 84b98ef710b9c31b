import type { PublicEvent } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { MESSAGES, notFound } from '../../platform/errors';
import { findShopByRef } from '../orders';
import { findFutureSlots, findShopEvents } from './events.repository';

export function createEventsService(deps: { db: Db }) {
  const { db } = deps;

  /** Events of a shop with their future slots and the places left (rates: cents TTC → priceTTC euros). */
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

  return {
    listPublicEvents,
    /** A shop named by id, code or urlShop → its events; unknown shop → 404. */
    async ofShop(ref: string): Promise<PublicEvent[]> {
      const shop = await findShopByRef(db, ref);
      if (!shop) throw notFound(MESSAGES.shopNotFound);
      return listPublicEvents(shop.id);
    },
  };
}
