/**
 * The reservations back office as one object for the router and the demo seed. A reservation is an order with
 * 'reservation' lines (the places taken on a slot, `reserved`) and 'touristTax' lines; each operation is a
 * module-level function of its own file, given here its dependencies (the db, the sales and orders services, the logger).
 *   reservations.read.ts          the slots of a period with their participants, the bookable events, a detail
 *   reservations.booking.ts       a reservation for a client, priced by the checkout, its confirmation mail
 *   reservations.payments.ts      settled at booking: the invoice and payment through the sales module
 *   reservations.desk.ts          moving participants to another slot, checking them in
 *   reservations.cancellation.ts  credit notes, then the order cancelled and its places given back
 *   reservations.model.ts         deps, closed statuses, the sales rights of the flow
 *   reservations.repository.ts    every query        reservations.view.ts  answers built from rows
 */
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { ShopMemberRow } from '../../platform/db/tables';
import { create } from './reservations.booking';
import { cancel } from './reservations.cancellation';
import { checkIn, move } from './reservations.desk';
import type { ReservationsDeps } from './reservations.model';
import { bookableEvents, detail, listSlots } from './reservations.read';
import type { CancelInput, ReservationInput, SlotsQuery } from './reservations.schemas';

export type { ReservationsDeps } from './reservations.model';

export function createReservationsService(deps: ReservationsDeps) {
  return {
    listSlots: (shopId: number, q: SlotsQuery, now?: Date) => listSlots(deps, shopId, q, now),
    bookableEvents: (shopId: number, eventId: number | undefined, now?: Date) => bookableEvents(deps, shopId, eventId, now),
    detail: (shopId: number, orderId: number, now?: Date) => detail(deps, shopId, orderId, now),
    create: (auth: UserAuthContext, member: ShopMemberRow, input: ReservationInput, now?: Date) => create(deps, auth, member, input, now),
    move: (auth: UserAuthContext, member: ShopMemberRow, lineId: number, slotId: number, now?: Date) =>
      move(deps, auth, member, lineId, slotId, now),
    checkIn: (auth: UserAuthContext, member: ShopMemberRow, lineId: number, on: boolean, now?: Date) =>
      checkIn(deps, auth, member, lineId, on, now),
    cancel: (auth: UserAuthContext, member: ShopMemberRow, orderId: number, input: CancelInput) =>
      cancel(deps, auth, member, orderId, input),
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
