import { z } from 'zod';
import {
  FUTURES_MESSAGES as M,
  futuresCampaignInputSchema,
  futuresCampaignSchema,
  futuresCampaignSummarySchema,
  futuresClientsSchema,
  futuresDeliverInputSchema,
  futuresDeliverResultSchema,
  futuresOrderInputSchema,
  futuresOrderResultSchema,
  paginated,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import type { SalesService } from '../sales';
import { listCampaignsQuery } from './futures.schemas';
import { createFuturesService, type FuturesService } from './futures.service';

const campaignId = idParams(M.campaignNotFound);
const orderId = idParams(M.orderNotFound, 'orderId');
const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });

/**
 * Primeurs: campaigns of the caller's shop, their clients' orders with the deposit invoice at order and the
 * final invoice at delivery (§6: seeFutureOrder to read, createFutureOrder to write; another shop's id → 404).
 */
export function createFuturesRouter(deps: AppDeps, sales: SalesService): ApiRouter & { service: FuturesService } {
  const service = createFuturesService({ db: deps.db, sales });
  const r = Object.assign(apiRouter(deps.auth), { service });
  const tags = ['futures'];
  const reading = { auth: 'user' as const, tags, shop: { anyOf: ['seeFutureOrder' as const, 'createFutureOrder' as const] } };
  const writing = { auth: 'user' as const, tags, shop: { anyOf: ['createFutureOrder' as const] } };

  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/futures/campaigns',
      summary: 'The primeur campaigns of the caller’s shop, with their orders, bottles and amount ordered',
      request: { query: listCampaignsQuery },
      responses: { 200: json(paginated(futuresCampaignSummarySchema), 'A page of campaigns') },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/futures/campaigns',
      summary: 'Create a primeur campaign: offer (formats, price HT per typology), deposit percentage, delivery period',
      request: { body: futuresCampaignInputSchema },
      responses: { 201: json(withMessage(futuresCampaignSchema), 'Created') },
    },
    async ({ auth, member, body }, _req, res) => {
      res.status(201);
      return service.create(auth, member, body);
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/futures/campaigns/:id',
      summary: 'A primeur campaign with its offer and totals',
      request: { params: campaignId },
      responses: { 200: json(futuresCampaignSchema, 'The campaign') },
    },
    ({ member, params }) => service.get(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'put',
      path: '/futures/campaigns/:id',
      summary: 'Change a campaign (an offer line already ordered cannot be removed: 409)',
      request: { params: campaignId, body: futuresCampaignInputSchema },
      responses: { 200: json(withMessage(futuresCampaignSchema), 'Saved') },
    },
    ({ member, params, body }) => service.update(member, params.id, body),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/futures/campaigns/:id/close',
      summary: 'Close a campaign: it takes no new order',
      request: { params: campaignId },
      responses: { 200: json(withMessage(futuresCampaignSchema), 'Closed') },
    },
    ({ member, params }) => service.close(member, params.id),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/futures/campaigns/:id/reopen',
      summary: 'Reopen a closed campaign',
      request: { params: campaignId },
      responses: { 200: json(withMessage(futuresCampaignSchema), 'Reopened') },
    },
    ({ member, params }) => service.reopen(member, params.id),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/futures/campaigns/:id/clients',
      summary: 'Per client: what was ordered, invoiced, paid and is still to deliver (cents TTC and bottles), with the orders',
      request: { params: campaignId },
      responses: { 200: json(futuresClientsSchema, 'The clients of the campaign and its totals') },
    },
    ({ member, params }) => service.clients(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/futures/campaigns/:id/orders',
      summary: "A client's primeur order: the sales order at the campaign's price for the client's typology and its deposit invoice",
      request: { params: campaignId, body: futuresOrderInputSchema },
      responses: { 201: json(futuresOrderResultSchema, 'The order and its deposit invoice') },
    },
    async ({ auth, member, params, body }, _req, res) => {
      res.status(201);
      return service.placeOrder(auth, member, params.id, body);
    },
  );
  defineRoute(
    r,
    {
      ...writing,
      method: 'post',
      path: '/futures/orders/:orderId/deliver',
      summary: 'Deliver a primeur order: validated (stock reserved), final invoice deducting the deposit, delivered',
      request: { params: orderId, body: futuresDeliverInputSchema },
      responses: { 200: json(futuresDeliverResultSchema, 'The final invoice') },
    },
    ({ auth, member, params, body }) => service.deliver(auth, member, params.orderId, body),
  );
  return r;
}
