/**
 * The reservations desk: an order's participants on a slot (every line of that order on that slot) moved to another
 * slot of the same event — places given back on one and taken on the other in one transaction, the slot rows in id
 * order — and checked in on the slot's day (shop time), who and when.
 */
import { CART_MESSAGES } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { shopDate } from '../events';
import { giveBackPlaces, placesLeftOf, takePlaces } from '../orders';
import { CLOSED, statusLabel, type ReservationsDeps } from './reservations.model';
import { bookingOf } from './reservations.read';
import * as repo from './reservations.repository';
import { RESERVATION_MESSAGES as M } from './reservations.schemas';
import { checkInOpen, slotDetails } from './reservations.view';

/** The line named by the route, its order (locked) and the booking's lines (locked): 404 / 409 otherwise. */
async function lockBooking(tx: DbOrTx, shopId: number, lineId: number) {
  const line = await repo.findBookingLine(tx, shopId, lineId);
  if (!line) throw notFound(M.lineNotFound);
  const o = (await repo.findOrder(tx, shopId, line.orderId, true))!;
  if (o.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
  if (CLOSED.includes(o.status)) throw new HttpError(409, M.closed(statusLabel(o.status)));
  if (line.slotId == null) throw new HttpError(409, CART_MESSAGES.noSlot);
  const lines = await repo.lockBookingLines(tx, o.id, line.slotId);
  return { line, order: o, lines, slotId: line.slotId };
}

export async function move(
  { db }: Pick<ReservationsDeps, 'db'>,
  auth: UserAuthContext,
  member: ShopMemberRow,
  lineId: number,
  slotId: number,
  now = new Date(),
) {
  const shopId = member.shopId;
  const moved = await db.transaction(async (tx) => {
    const { order, lines, slotId: fromId, line } = await lockBooking(tx, shopId, lineId);
    if (lines.some((l) => l.checkedInAt)) throw new HttpError(409, M.checkedInMove);
    if (slotId === fromId) throw new HttpError(400, M.sameSlot, 'slotId');
    const target = await repo.findSlot(tx, shopId, slotId);
    if (!target || target.slot.eventId !== line.eventId) throw new HttpError(400, CART_MESSAGES.noSlot, 'slotId');
    if (target.slot.startsAt.getTime() <= now.getTime()) throw new HttpError(409, M.slotPast, 'slotId');
    const [from] = await repo.findSlotsByIds(tx, [fromId]);
    const n = lines.reduce((s, l) => s + (l.kind === 'reservation' ? l.reserved : 0), 0);
    // both slot rows in id order: two moves crossing each other wait instead of deadlocking
    const take = async () => {
      if (n > 0 && !(await takePlaces(tx, slotId, n)))
        throw new HttpError(409, CART_MESSAGES.maxPlaces(Math.max(0, (await placesLeftOf(tx, slotId)) ?? 0)), 'slotId');
    };
    const give = async () => {
      if (n > 0) await giveBackPlaces(tx, fromId, n);
    };
    if (slotId < fromId) {
      await take();
      await give();
    } else {
      await give();
      await take();
    }
    await repo.moveBookingLines(
      tx,
      lines.map((l) => l.id),
      slotId,
      slotDetails(target.slot),
    );
    await repo.addHistory(tx, {
      shopId,
      orderId: order.id,
      userId: auth.user.id,
      action: 'move',
      from: order.status,
      to: order.status,
      note: `${from ? slotDetails(from.slot) : ''} → ${slotDetails(target.slot)}`,
    });
    return order;
  });
  return { booking: (await bookingOf(db, shopId, moved.id, slotId))!, message: M.moved };
}

export async function checkIn(
  { db }: Pick<ReservationsDeps, 'db'>,
  auth: UserAuthContext,
  member: ShopMemberRow,
  lineId: number,
  on: boolean,
  now = new Date(),
) {
  const shopId = member.shopId;
  const done = await db.transaction(async (tx) => {
    const { order, lines, slotId } = await lockBooking(tx, shopId, lineId);
    const [slot] = await repo.findSlotsByIds(tx, [slotId]);
    if (!slot || !checkInOpen(slot.slot, shopDate(now))) throw new HttpError(409, M.checkInDay);
    const people = lines.filter((l) => l.kind === 'reservation');
    await repo.setCheckIn(
      tx,
      people.map((l) => l.id),
      on ? (people[0]?.checkedInAt ?? now) : null,
      on ? (people[0]?.checkedInBy ?? auth.user.id) : null,
    );
    return { orderId: order.id, slotId };
  });
  return { booking: (await bookingOf(db, shopId, done.orderId, done.slotId))!, message: on ? M.checkedIn : M.checkInUndone };
}
