import {
  PRICE_GRID_DECISION_MESSAGES,
  priceGridDecisionResponseSchema,
  priceGridRequestListSchema,
  shopClientListSchema,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { listClientsQuery, listPriceGridRequestsQuery, priceGridDecisionSchema } from './clients.schemas';
import { CLIENTS_MESSAGES, createClientsService } from './clients.service';

/**
 * Professional clients of the caller's shop (owner, or iam with seeAllClient / createClient):
 * price-grid requests to accept or refuse, and the clients attached with their typology.
 */
export function createClientsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createClientsService({ db });
  const readers = { tags: ['clients'], auth: 'user' as const, shop: { anyOf: ['seeAllClient' as const, 'createClient' as const] } };

  defineRoute(
    r,
    {
      ...readers,
      method: 'get',
      path: '/shops/me/price-grid-requests',
      summary: "Price-grid requests of the caller's shop, newest first",
      request: { query: listPriceGridRequestsQuery },
      responses: { 200: json(priceGridRequestListSchema, 'Requests with the requester name, company, email, phone and date') },
    },
    ({ member, query }) => service.listRequests(member.shopId, query),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me/price-grid-requests/:id',
      tags: ['clients'],
      auth: 'user',
      shop: { anyOf: ['createClient'] },
      summary:
        "Accept (with one of the shop's typologies: the buyer becomes a 'client' member) or refuse a pending request; the buyer is notified",
      before: [
        (req, _res, next) => {
          // A missing or unknown decision: zod reports the union without a path; name the field.
          const raw: unknown = req.body ?? {};
          if (
            typeof raw !== 'object' ||
            raw === null ||
            Array.isArray(raw) ||
            !['accept', 'refuse'].includes((raw as { decision?: unknown }).decision as string)
          ) {
            throw new HttpError(400, PRICE_GRID_DECISION_MESSAGES.decision, 'decision');
          }
          next();
        },
      ],
      request: { params: idParams(CLIENTS_MESSAGES.requestNotFound), body: priceGridDecisionSchema },
      responses: {
        200: json(priceGridDecisionResponseSchema, 'Decided'),
        404: `'${CLIENTS_MESSAGES.requestNotFound}' (also another shop's request)`,
        409: `'${CLIENTS_MESSAGES.alreadyDecided}'`,
      },
    },
    ({ member, params, body }) => service.decide(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...readers,
      method: 'get',
      path: '/shops/me/clients',
      summary: "Professional clients attached to the caller's shop with their typology",
      request: { query: listClientsQuery },
      responses: { 200: json(shopClientListSchema, 'Clients, newest first') },
    },
    ({ member, query }) => service.listClients(member.shopId, query),
  );

  return r;
}
