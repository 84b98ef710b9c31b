import {
  TICKETS_MESSAGES as M,
  createTicketBodySchema,
  ticketContactShopsSchema,
  ticketDetailSchema,
  ticketMessageBodySchema,
  ticketUnreadCountSchema,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { contactShopsQuery, listTicketsQuery, ticketListSchema, withMessage } from './tickets.schemas';
import { createTicketsService } from './tickets.service';

const ticketId = idParams(M.notFound);
const notFound = `'${M.notFound}' (also another buyer's or another shop's thread)`;
const scopeNote =
  'A buyer reads their own threads; an owner, or an iam with seeAllMessages, reads their shop threads (an iam without it: 403). ' +
  'Any other thread answers 404.';

/** The tickets module's routes: messaging between a buyer and a shop. */
export function createTicketsRouter({ db, auth, config }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createTicketsService({ db, publicUrl: config.accounts.publicUrl });
  const base = { auth: 'user' as const, tags: ['tickets'], description: scopeNote };

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/tickets',
      summary: "The caller's conversation threads (q on subject, buyer or shop name; filter status), latest activity first",
      request: { query: listTicketsQuery },
      responses: { 200: json(ticketListSchema, 'A page of threads'), 403: 'Not a buyer, owner or iam with seeAllMessages' },
    },
    ({ auth: a, query }) => service.list(a, query),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/tickets/unread-count',
      summary: "Unread messages of the caller's side (header badge)",
      responses: {
        200: json(ticketUnreadCountSchema, 'Unread messages and threads'),
        403: 'Not a buyer, owner or iam with seeAllMessages',
      },
    },
    ({ auth: a }) => service.unreadCount(a),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/tickets/shops',
      summary: 'Shops a buyer may write to: the shops they ordered from with their orders (and ?shop= id, code or urlShop)',
      request: { query: contactShopsQuery },
      responses: { 200: json(ticketContactShopsSchema, 'The shops'), 403: `'${M.buyersOnly}'` },
    },
    ({ auth: a, query }) => service.contactShops(a, query.shop || undefined),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/tickets/:id',
      summary: "A thread with its messages (oldest first); marks it read for the caller's side",
      request: { params: ticketId },
      responses: { 200: json(ticketDetailSchema, 'The thread'), 404: notFound },
    },
    ({ auth: a, params }) => service.get(a, params.id),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/tickets',
      summary: 'A buyer writes to a shop (shopId: id, code or urlShop; orderId: one of their orders at that shop)',
      request: { body: createTicketBodySchema },
      responses: {
        201: json(withMessage(ticketDetailSchema), 'The new thread; the shop is notified and mailed'),
        400: "§5 messages with the field; unknown shop (field shopId); an order that is not the buyer's at that shop (field orderId)",
        403: `'${M.ownShop}' (staff of the shop), '${M.buyersOnly}'`,
      },
    },
    ({ auth: a, body }) => service.create(a, body),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/tickets/:id/messages',
      summary: "A message in a thread (either side); the buyer's reopens a closed thread; the other party is notified and mailed",
      request: { params: ticketId, body: ticketMessageBodySchema },
      responses: { 201: json(withMessage(ticketDetailSchema), 'The thread with the new message'), 404: notFound },
    },
    ({ auth: a, params, body }) => service.reply(a, params.id, body.body),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/tickets/:id/close',
      summary: 'Close a thread (the shop, or the buyer their own)',
      request: { params: ticketId },
      responses: { 200: json(withMessage(ticketDetailSchema), 'The closed thread'), 404: notFound },
    },
    ({ auth: a, params }) => service.setStatus(a, params.id, 'closed'),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/tickets/:id/reopen',
      summary: 'Reopen a closed thread (shop side; a buyer reopens by writing)',
      request: { params: ticketId },
      responses: { 200: json(withMessage(ticketDetailSchema), 'The reopened thread'), 403: `'${M.reopenShopOnly}'`, 404: notFound },
    },
    ({ auth: a, params }) => service.setStatus(a, params.id, 'open'),
  );

  return r;
}
