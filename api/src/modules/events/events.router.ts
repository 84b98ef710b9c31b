import { z } from 'zod';
import { publicEventSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  EVENT_MESSAGES as M,
  eventDetailSchema,
  eventInputSchema,
  eventSummarySchema,
  generateResultSchema,
  listEventsQuery,
  scheduleInputSchema,
} from './events.schemas';
import { createEventsService } from './events.service';

const eventId = idParams(M.eventNotFound);
const slotParams = eventId.extend(idParams(M.slotNotFound, 'slotId').shape);
const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });

/**
 * Public events endpoint: GET /v1/shops/:id/events (id, public code or urlShop), the online events.
 * Back office, the caller's shop (owner, iam per §6; another shop's id → 404): read with accessEvent,
 * write with createEvent.
 */
export function createEventsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createEventsService({ db });
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id/events',
      tags: ['orders'],
      auth: 'public',
      summary: 'Online events of a shop with their future slots and places left',
      request: { params: z.object({ id: z.string().describe('numeric id, public code or urlShop') }) },
      responses: { 200: json(z.array(publicEventSchema), 'Events'), 404: error("'Boutique introuvable'") },
    },
    ({ params }) => service.ofShop(params.id),
  );

  const tags = ['events'];
  const reading = { auth: 'user' as const, tags, shop: { anyOf: ['accessEvent' as const] } };
  const writing = { auth: 'user' as const, tags, shop: { anyOf: ['createEvent' as const] } };

  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/events',
      summary: "The shop's events with their next slot and the places booked / left of the slots to come",
      request: { query: listEventsQuery },
      responses: {
        200: json(
          z.object({ items: z.array(eventSummarySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
          'Events',
        ),
        403: 'Without accessEvent',
      },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/events',
      summary: 'Create an event (its slots are made by POST /events/:id/slots)',
      request: { body: eventInputSchema },
      responses: { 201: json(withMessage(eventDetailSchema), 'Created'), 400: error('A field named with its French message') },
    },
    async ({ member, body }, _req, res) => {
      res.status(201);
      return service.create(member.shopId, body);
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/events/:id',
      summary: 'One event with all its slots (places, booked, left)',
      request: { params: eventId },
      responses: { 200: json(eventDetailSchema, 'Event'), 404: error(`'${M.eventNotFound}'`) },
    },
    ({ member, params }) => service.detail(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'put',
      path: '/events/:id',
      summary: 'Change an event (the slots already made keep their places)',
      request: { params: eventId, body: eventInputSchema },
      responses: { 200: json(withMessage(eventDetailSchema), 'Updated'), 404: error(`'${M.eventNotFound}'`) },
    },
    ({ member, params, body }) => service.update(member.shopId, params.id, body),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/events/:id/slots',
      summary: 'Make slots from a schedule: one-off, recurring (weekdays × times over a range, exceptions) or period (days without hours)',
      description: 'One transaction; a slot already starting at the same time is not made twice, past ones are not made.',
      request: { params: eventId, body: scheduleInputSchema },
      responses: { 201: json(generateResultSchema, 'Slots made'), 400: error('A field named'), 404: error(`'${M.eventNotFound}'`) },
    },
    async ({ member, params, body }, _req, res) => {
      res.status(201);
      return service.generateSlots(member.shopId, params.id, body);
    },
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'delete',
      path: '/events/:id/slots/:slotId',
      summary: 'Delete a slot nobody booked',
      request: { params: slotParams },
      responses: {
        200: json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'),
        404: error(`'${M.eventNotFound}' or '${M.slotNotFound}'`),
        409: error(`'${M.slotBooked}'`),
      },
    },
    ({ member, params }) => service.deleteSlot(member.shopId, params.id, params.slotId),
  );
  return r;
}
