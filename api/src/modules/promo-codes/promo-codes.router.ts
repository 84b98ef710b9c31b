import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import type { PromoCodesQuery } from './promo-codes.repository';
import {
  PROMO_CODE_API_MESSAGES as M,
  listPromoCodesQuery,
  promoCodeActiveBodySchema,
  promoCodeAnswerSchema,
  promoCodeBodySchema,
  promoCodeDeleteSchema,
  promoCodeListSchema,
} from './promo-codes.schemas';
import { createPromoCodesService } from './promo-codes.service';
import { promoCodeSchemaOut } from 'shared-kernel/contracts';

const codeId = idParams(M.notFound);
const notFound = `'${M.notFound}' (also another shop's code)`;

/**
 * The shop's promotion codes (settings section `promotions`). Owner, or iam with createCampaign: a code is a
 * marketing offer (the Marketing group of §6: lists, campaigns, models), sent to clients in campaigns; seeAllPrice
 * also reads them (they change the prices the shop's clients pay, which that flag already shows).
 */
export function createPromoCodesRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createPromoCodesService({ db });
  const read = { tags: ['promo-codes'], auth: 'user' as const, shop: { anyOf: ['createCampaign' as const, 'seeAllPrice' as const] } };
  const write = { tags: ['promo-codes'], auth: 'user' as const, shop: { anyOf: ['createCampaign' as const] } };

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/promo-codes',
      summary: "The caller's shop promotion codes with their uses",
      request: { query: listPromoCodesQuery },
      responses: { 200: json(promoCodeListSchema, 'A page of promotion codes') },
    },
    ({ member, query }) => service.list(member.shopId, query as PromoCodesQuery),
  );

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/promo-codes/:id',
      summary: 'A promotion code of the caller’s shop',
      request: { params: codeId },
      responses: { 200: json(promoCodeSchemaOut, 'The code'), 404: notFound },
    },
    ({ member, params }) => service.get(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/promo-codes',
      summary: 'Create a promotion code (stored upper-case, unique in the shop)',
      request: { body: promoCodeBodySchema },
      responses: { 201: json(promoCodeAnswerSchema, 'Created'), 409: `'${M.taken}'` },
    },
    ({ member, body }) => service.create(member.shopId, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'put',
      path: '/promo-codes/:id',
      summary: 'Update a promotion code of the caller’s shop',
      request: { params: codeId, body: promoCodeBodySchema },
      responses: { 200: json(promoCodeAnswerSchema, 'Updated'), 404: notFound, 409: `'${M.taken}'` },
    },
    ({ member, params, body }) => service.update(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'put',
      path: '/promo-codes/:id/active',
      summary: 'Activate or deactivate a promotion code',
      request: { params: codeId, body: promoCodeActiveBodySchema },
      responses: { 200: json(promoCodeAnswerSchema, 'Updated'), 404: notFound },
    },
    ({ member, params, body }) => service.setActive(member.shopId, params.id, body.active),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'delete',
      path: '/promo-codes/:id',
      summary: 'Delete an unused promotion code (a used one is deactivated instead)',
      request: { params: codeId },
      responses: { 200: json(promoCodeDeleteSchema, 'Deleted or deactivated'), 404: notFound },
    },
    ({ member, params }) => service.remove(member.shopId, params.id),
  );

  return r;
}
