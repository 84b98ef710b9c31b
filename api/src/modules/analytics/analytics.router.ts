import { z } from 'zod';
import { ANALYTICS_MESSAGES as M } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  anyArray,
  anyObject,
  budgetBodySchema,
  budgetQuery,
  commissionsQuery,
  customQuery,
  objectiveBodySchema,
  periodQuery,
  ratesBodySchema,
  reportBodySchema,
} from './analytics.schemas';
import { createAnalyticsService } from './analytics.service';

const REVENUE =
  'Revenue = total excl. VAT of the shop’s orders (statuses aborted, expired, cancelled, refused excluded), dated by created_at in Europe/Paris.';
const CAMPAIGNS =
  'The shop’s campaigns with status sending or sent, dated by sent_at (end of sending), else started_at, in Europe/Paris. Counted as the campaign page: sent = recipients with a sending date (failed and bounced included), delivered = sent − failed − bounced, opened / clicked / unsubscribed by their dates; rates are fractions over delivered (4 decimals). Months: the campaigns dated in the month.';
const deleted = json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted');

/** The analytics module's routes. */
export function createAnalyticsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createAnalyticsService({ db });
  const base = { auth: 'user' as const, tags: ['analytics'] };
  const reportId = idParams(M.reportNotFound);
  const objectiveId = idParams(M.objectiveNotFound);
  const commissionId = idParams(M.commissionNotFound);
  const agentId = idParams(M.agentNotFound, 'agentId');

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/overview',
      shop: { anyOf: ['accessAnalytics'] },
      summary: 'KPIs (revenue, orders, average basket), revenue per month, top products and clients over ?from=&to=',
      description: REVENUE,
      request: { query: periodQuery },
      responses: { 200: json(anyObject, 'AnalyticsOverview') },
    },
    ({ member, query }) => service.overview(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/activities',
      shop: { anyOf: ['activitiesAnalytics'] },
      summary: 'Client interactions and tasks done per person and per kind over ?from=&to=',
      request: { query: periodQuery },
      responses: { 200: json(anyObject, 'AnalyticsActivities') },
    },
    ({ member, query }) => service.activities(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/budget',
      shop: { anyOf: ['manageBudget', 'accessAnalytics'] },
      summary: 'Monthly revenue targets of ?year= against the actual revenue',
      description: REVENUE,
      request: { query: budgetQuery },
      responses: { 200: json(anyObject, 'AnalyticsBudget') },
    },
    ({ member, query }) => service.budget(member, query.year),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'put',
      path: '/analytics/budget',
      shop: { anyOf: ['manageBudget'] },
      summary: 'Set (or remove with null) the revenue target of a month',
      request: { body: budgetBodySchema },
      responses: { 200: json(anyObject, 'The year’s budget') },
    },
    ({ member, body }) => service.setBudget(member, body),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/campaigns',
      shop: { anyOf: ['campaignsAnalytics'] },
      summary: 'Campaigns sent or being sent over ?from=&to= with their figures and rates, the totals and a series per month',
      description: CAMPAIGNS,
      request: { query: periodQuery },
      responses: { 200: json(anyObject, 'AnalyticsCampaigns') },
    },
    ({ member, query }) => service.campaigns(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/custom',
      shop: { anyOf: ['accessAnalytics'] },
      summary: 'Revenue excl. VAT of product lines and quantities by ?dimension= over ?from=&to= (filters gamme, typology, agentId)',
      description: REVENUE,
      request: { query: customQuery },
      responses: { 200: json(anyObject, 'AnalyticsCustomReport') },
    },
    ({ member, query }) => service.custom(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/reports',
      shop: { anyOf: ['accessAnalytics'] },
      summary: 'Saved custom reports of the shop',
      responses: { 200: json(anyArray, 'AnalyticsSavedReport[]') },
    },
    ({ member }) => service.reports(member.shopId),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/reports/:id',
      shop: { anyOf: ['accessAnalytics'] },
      summary: 'A saved custom report',
      request: { params: reportId },
      responses: { 200: json(anyObject, 'AnalyticsSavedReport'), 404: M.reportNotFound },
    },
    ({ member, params }) => service.report(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/analytics/reports',
      shop: { anyOf: ['accessAnalytics'] },
      summary: 'Save a custom report definition',
      request: { body: reportBodySchema },
      responses: { 201: json(anyObject, 'Saved') },
    },
    ({ member, body }) => service.saveReport(member, body),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'delete',
      path: '/analytics/reports/:id',
      shop: { anyOf: ['accessAnalytics'] },
      summary: 'Delete a saved report',
      request: { params: reportId },
      responses: { 200: deleted, 404: M.reportNotFound },
    },
    ({ member, params }) => service.deleteReport(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/objectives',
      shop: { anyOf: ['goalsAnalytics'] },
      summary: 'Revenue targets of the team with the revenue of the orders credited to each member (orders.agent_id)',
      description: REVENUE,
      responses: { 200: json(anyObject, 'AnalyticsObjectives') },
    },
    ({ member }) => service.objectives(member.shopId),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/analytics/objectives',
      shop: { anyOf: ['goalsAnalytics'] },
      summary: 'Create an objective',
      request: { body: objectiveBodySchema },
      responses: { 201: json(anyObject, 'Created') },
    },
    ({ member, body }) => service.saveObjective(member, body),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'put',
      path: '/analytics/objectives/:id',
      shop: { anyOf: ['goalsAnalytics'] },
      summary: 'Update an objective',
      request: { params: objectiveId, body: objectiveBodySchema },
      responses: { 200: json(anyObject, 'Updated'), 404: M.objectiveNotFound },
    },
    ({ member, params, body }) => service.saveObjective(member, body, params.id),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'delete',
      path: '/analytics/objectives/:id',
      shop: { anyOf: ['goalsAnalytics'] },
      summary: 'Delete an objective',
      request: { params: objectiveId },
      responses: { 200: deleted, 404: M.objectiveNotFound },
    },
    ({ member, params }) => service.deleteObjective(member.shopId, params.id),
  );

  const commissionsScope = { kinds: ['owner' as const, 'iam' as const, 'agent' as const] };
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/commissions',
      shop: commissionsScope,
      summary:
        'Commissions on paid orders credited to agents (computed idempotently when read; ?agentId=&month=YYYY-MM&status=). Owner, iam with commissionsAnalytics; an agent only his own',
      request: { query: commissionsQuery },
      responses: { 200: json(anyObject, 'AnalyticsCommissions') },
    },
    ({ member, query }) => service.commissions(member, query),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/analytics/commissions/rates',
      shop: { anyOf: ['commissionsAnalytics'] },
      summary: 'Commission rates of every agent of the shop (basis points)',
      responses: { 200: json(anyArray, 'AnalyticsAgentRates[]') },
    },
    ({ member }) => service.rates(member),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'put',
      path: '/analytics/commissions/rates/:agentId',
      shop: { anyOf: ['commissionsAnalytics'] },
      summary: 'Replace the rates of an agent: a default rate, rates per client typology and per product gamme',
      request: { params: agentId, body: ratesBodySchema },
      responses: { 200: json(anyObject, 'Saved'), 404: M.agentNotFound },
    },
    ({ member, params, body }) =>
      service.setRates(
        member,
        params.agentId,
        body.rates.map((x) => ({ scope: x.scope, value: x.value ?? null, rateBp: x.rateBp })),
      ),
  );

  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/analytics/commissions/:id/pay',
      shop: { anyOf: ['commissionsAnalytics'] },
      summary: 'Mark a due commission paid (commissionPaid notification to the agent)',
      request: { params: commissionId },
      responses: { 200: json(anyObject, 'Paid'), 404: M.commissionNotFound },
    },
    ({ member, params }) => service.markPaid(member, params.id),
  );

  return r;
}
