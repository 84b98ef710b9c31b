/**
 * The reminder the day before: a sweep (every 10 minutes in the server, never in tests) queues one mail per
 * booking — an order's participants on a slot — whose slot starts tomorrow in shop time, once: the booking's lines get
 * `reminder_sent_at` by a conditional update and the mail job is deduplicated, in one transaction (two instances
 * sweeping at once send it once). A booking moved to another slot is reminded again for its new slot.
 */
import type { Db, DbOrTx } from '../../platform/db/client';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { isAllDay, nextDay, shopDate, shopTime } from '../events';
import type { OrderLineRow, OrderRow } from '../orders';
import { reminderMail, type MailBooking } from './reservations.mails';
import * as repo from './reservations.repository';
import { rateOf } from './reservations.view';

/** What a booking's mails say: the order, its participants on the slot, the event and the slot. null: no mail to send. */
export async function mailBookingOf(dbx: DbOrTx, o: OrderRow, lines: OrderLineRow[], slotId: number): Promise<MailBooking | null> {
  const own = lines.filter((l) => l.slotId === slotId);
  const [slot] = await repo.findSlotsByIds(dbx, [slotId]);
  if (!slot || !own.some((l) => l.kind === 'reservation') || !o.buyerEmail) return null;
  const event = await repo.findEvent(dbx, o.shopId, slot.slot.eventId);
  return {
    to: o.buyerEmail,
    name: o.buyerName,
    number: o.number,
    shopName: await repo.findShopName(dbx, o.shopId),
    lang: o.lang === 'en' ? 'en' : 'fr',
    eventTitle: event?.title ?? slot.title,
    location: event?.location ?? null,
    message: event?.message ?? null,
    slot: {
      start: slot.slot.startsAt,
      end: slot.slot.endsAt,
      allDay: isAllDay(slot.slot.startsAt, slot.slot.endsAt),
      name: slot.slot.name,
    },
    lines: own.filter((l) => l.kind === 'reservation').map((l) => ({ label: rateOf(l.label), quantity: l.quantity, totalTTC: l.totalTTC })),
    totalTTC: own.reduce((n, l) => n + l.totalTTC, 0),
    paid: o.paymentStatus === 'paid',
    method: null,
  };
}

export function createReservationReminders({ db, logger }: { db: Db; logger: Logger }) {
  /** Queues the reminders of the bookings whose slot starts tomorrow (shop time); the number queued. */
  async function sendDue(now = new Date()): Promise<number> {
    const tomorrow = nextDay(shopDate(now));
    const due = await repo.findDueReminders(db, shopTime(tomorrow), shopTime(nextDay(tomorrow)), 500);
    let sent = 0;
    for (const { orderId, slotId } of due) {
      if (slotId == null) continue;
      try {
        const queued = await db.transaction(async (tx) => {
          const marked = await repo.markReminded(tx, orderId, slotId, now);
          if (!marked.length) return false; // another sweep came first
          const o = await repo.findOrderById(tx, orderId);
          const lines = (await repo.findOrderBookingLines(tx, orderId)).map((r) => r.line);
          const b = o && (await mailBookingOf(tx, o, lines, slotId));
          if (!b) return false;
          const job = await enqueueMail(tx as Db, reminderMail(b), {
            dedupeKey: `reservation-reminder:${orderId}:${slotId}:${shopDate(b.slot.start)}`,
          });
          return job.created;
        });
        if (queued) sent++;
      } catch (err) {
        logger.warn({ err, orderId, slotId }, 'reservation reminder not queued');
      }
    }
    if (sent) nudgeJobs();
    return sent;
  }
  return { sendDue };
}

export type ReservationReminders = ReturnType<typeof createReservationReminders>;
