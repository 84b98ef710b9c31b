// Until when an event slot takes bookings: its start, or for a slot of a whole day (period mode, no hours:
// 23 h or more, the days the clocks change included) its end, so that today's visit can still be booked today.
// One rule for the checkout's pricing, the public events listing and the back office's slot pickers.
import { sql, type SQL } from 'drizzle-orm';
import { eventSlots } from './catalog.tables';

const WHOLE_DAY_MS = 23 * 3_600_000;

export function bookableUntil(slot: { startsAt: Date; endsAt: Date }): number {
  const start = slot.startsAt.getTime();
  const end = slot.endsAt.getTime();
  return end - start >= WHOLE_DAY_MS ? end : start;
}

/** The SQL condition of `bookableUntil(slot) > now`. */
export function slotBookableAfter(now: Date): SQL {
  return sql`(case when ${eventSlots.endsAt} - ${eventSlots.startsAt} >= interval '23 hours' then ${eventSlots.endsAt} else ${eventSlots.startsAt} end) > ${now}`;
}
