import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import type { OrdersService } from '../orders';
import type { SalesService } from '../sales';
import { createReservationReminders, type ReservationReminders } from './reservations.reminders';
import {
  RESERVATION_MESSAGES as M,
  bookableEventSchema,
  bookingAnswerSchema,
  cancelAnswerSchema,
  cancelInputSchema,
  createdSchema,
  eventsQuerySchema,
  moveInputSchema,
  reservationDetailSchema,
  reservationInputSchema,
  slotsAnswerSchema,
  slotsQuerySchema,
} from './reservations.schemas';
import { createReservationsService, type ReservationsService } from './reservations.service';

const orderParams = idParams(M.orderNotFound, 'orderId');
const lineParams = idParams(M.lineNotFound, 'lineId');

/**
 * The reservations back office, module 'reservations' (platform/routes.ts MODULE_ROUTES), the caller's shop
 * (another shop's id → 404): read with seeAllResa; create, move, cancel and check in with createResa.
 */
export function createReservationsRouter(
  deps: AppDeps,
  sales: SalesService,
  orders: OrdersService,
): ApiRouter & { service: ReservationsService; reminders: ReservationReminders } {
  const { db, auth, config, logger } = deps;
  const service = createReservationsService({ db, sales, orders, logger });
  const reminders = createReservationReminders({ db, logger });
  if (config.nodeEnv !== 'test') {
    // the reminders of tomorrow's slots, queued once whichever instance sweeps first
    const timer = setInterval(() => {
      reminders.sendDue().catch((err: unknown) => logger.warn({ err }, 'reservation reminders sweep failed'));
    }, 10 * 60_000);
    timer.unref();
  }

  const r = Object.assign(apiRouter(auth), { service, reminders });
  const tags = ['reservations'];
  const seeing = { auth: 'user' as const, tags, shop: { anyOf: ['seeAllResa' as const] } };
  const taking = { auth: 'user' as const, tags, shop: { anyOf: ['createResa' as const] } };
  const bad = error('A field named with its French message');

  defineRoute(
    r,
    {
      ...seeing,
      method: 'get',
      path: '/reservations/slots',
      summary: 'The slots of a period by day (shop time) with their places and participants (active orders)',
      request: { query: slotsQuerySchema },
      responses: { 200: json(slotsAnswerSchema, 'Slots by day'), 400: bad, 404: error(`'${M.eventNotFound}'`) },
    },
    ({ member, query }) => service.listSlots(member.shopId, query),
  );
  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { anyOf: ['seeAllResa', 'createResa'] },
      method: 'get',
      path: '/reservations/events',
      summary: 'The events of the shop with their rates and slots to come (the reservation form, the move dialog)',
      request: { query: eventsQuerySchema },
      responses: { 200: json(z.array(bookableEventSchema), 'Events'), 404: error(`'${M.eventNotFound}'`) },
    },
    ({ member, query }) => service.bookableEvents(member.shopId, query.eventId),
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/reservations',
      summary: 'A reservation for a client of the shop, priced as the checkout prices it; settled now or later',
      description:
        'The places are taken in the order transaction (never below zero: 409 when the slot is full). Settled now: the ' +
        'invoice and its payment are recorded by the sales module (or the order is marked paid without billing settings).',
      request: { body: reservationInputSchema },
      responses: { 201: json(createdSchema, 'Created'), 400: bad, 409: error('The slot is full (places left named)') },
    },
    async ({ auth, member, body }, _req, res) => {
      res.status(201);
      return service.create(auth, member, body);
    },
  );
  defineRoute(
    r,
    {
      ...seeing,
      method: 'get',
      path: '/reservations/:orderId',
      summary: 'The bookings of a reservation (participants per slot, check-in) and what may still be done with it',
      request: { params: orderParams },
      responses: { 200: json(reservationDetailSchema, 'Reservation'), 404: error(`'${M.orderNotFound}'`) },
    },
    ({ member, params }) => service.detail(member.shopId, params.orderId),
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/reservations/:orderId/cancel',
      summary: 'Cancel a reservation: places given back; paid, refunded or kept as credit (credit note when invoiced)',
      request: { params: orderParams, body: cancelInputSchema },
      responses: {
        200: json(cancelAnswerSchema, 'Cancelled'),
        400: bad,
        404: error(`'${M.orderNotFound}'`),
        409: error(`'${M.alreadyCancelled}'`),
      },
    },
    ({ auth, member, params, body }) => service.cancel(auth, member, params.orderId, body),
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/reservations/lines/:lineId/move',
      summary: 'Move the booking of this line (its order’s participants on the slot) to another slot of the event',
      request: { params: lineParams, body: moveInputSchema },
      responses: {
        200: json(bookingAnswerSchema, 'Moved'),
        400: bad,
        404: error(`'${M.lineNotFound}'`),
        409: error('The slot is full or past'),
      },
    },
    ({ auth, member, params, body }) => service.move(auth, member, params.lineId, body.slotId),
  );
  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const)
    defineRoute(
      r,
      {
        ...taking,
        method,
        path: '/reservations/lines/:lineId/check-in',
        summary: on ? 'Check in the booking of this line (on the slot’s day)' : 'Undo the check-in (on the slot’s day)',
        request: { params: lineParams },
        responses: {
          200: json(bookingAnswerSchema, on ? 'Checked in' : 'Undone'),
          404: error(`'${M.lineNotFound}'`),
          409: error(`'${M.checkInDay}'`),
        },
      },
      ({ auth, member, params }) => service.checkIn(auth, member, params.lineId, on),
    );
  return r;
}
