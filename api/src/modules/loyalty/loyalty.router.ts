import { z } from 'zod';
import { loyaltyAdjustmentInputSchema, loyaltyProgramInputSchema, LOYALTY_MESSAGES as M } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import type { UserAuthContext } from '../../platform/auth/authenticate';
import type { Viewer } from '../catalog';
import { createLoyaltyService } from './loyalty.service';

const anything = z.looseObject({});
const clientId = idParams('Client introuvable', 'clientId');
const shopId = idParams('Boutique introuvable', 'shopId');

/**
 * Loyalty programmes. The programme is a marketing setting: owner, or iam with createCampaign, writes it
 * (seeAllClient reads it too: the client file shows it). A client file's points: seeAllClient reads, createClient
 * (owner and iam) adjusts; an agent reads only their own clients' (another's, like another shop's, is 404). Buyers
 * read their own.
 */
export function createLoyaltyRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createLoyaltyService({ db });
  const tags = ['loyalty'];
  const kinds: ('owner' | 'iam' | 'agent')[] = ['owner', 'iam', 'agent'];
  const viewerOf = (a: UserAuthContext): Viewer => ({ memberships: a.memberships, user: { id: a.user.id, isPro: a.user.isPro } });

  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      shop: { anyOf: ['createCampaign', 'seeAllClient'] },
      method: 'get',
      path: '/loyalty/program',
      summary: "The caller's shop loyalty programme (an inactive empty one when never saved)",
      responses: { 200: json(anything, 'LoyaltyProgram (shared-kernel/contracts/loyalty.ts)') },
    },
    ({ member }) => service.program(member.shopId),
  );

  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      shop: { anyOf: ['createCampaign'] },
      method: 'put',
      path: '/loyalty/program',
      summary: 'Save the loyalty programme: points per euro or per bottle, levels with thresholds and offers',
      request: { body: loyaltyProgramInputSchema },
      responses: { 200: json(anything, 'LoyaltyProgram + message'), 400: 'A French message naming the field' },
    },
    ({ member, body }) => service.saveProgram(member.shopId, body),
  );

  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      shop: { kinds, anyOf: ['seeAllClient'] },
      method: 'get',
      path: '/loyalty/clients/:clientId',
      summary: "A client file's points: balance, level, next level, history",
      request: { params: clientId },
      responses: { 200: json(anything, 'LoyaltyAccount'), 404: "'Client introuvable' (also another shop's client)" },
    },
    ({ member, params }) => service.account(member.shopId, params.clientId, member.kind === 'agent' ? member.userId : null),
  );

  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      // owner and iam only: an agent reads their clients' points but never grants any
      shop: { anyOf: ['createClient'] },
      method: 'post',
      path: '/loyalty/clients/:clientId/adjustments',
      summary: 'Add or remove points by hand, with a reason (never below zero)',
      request: { params: clientId, body: loyaltyAdjustmentInputSchema },
      responses: { 200: json(anything, 'LoyaltyAccount + message'), 404: "'Client introuvable'", 409: `'${M.notEnough(0)}' on points` },
    },
    ({ member, params, body }) => service.adjust(member.shopId, params.clientId, null, body),
  );

  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      method: 'get',
      path: '/loyalty/shops/:shopId/me',
      summary: "The caller's points at a shop and the programme's levels and offers (the cart's loyalty block)",
      request: { params: shopId },
      responses: { 200: json(anything, 'LoyaltyBuyerView'), 404: `'${M.noProgram}'` },
    },
    ({ auth: a, params }) => service.buyerShop(viewerOf(a), a.user.id, params.shopId),
  );

  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      method: 'get',
      path: '/buyer/loyalty',
      summary: "The caller's points at every shop with an active programme where they are a client (buyer's dashboard)",
      responses: { 200: json(anything, '{ items: LoyaltyBuyerView[] }') },
    },
    ({ auth: a }) => service.buyerAll(viewerOf(a), a.user.id),
  );

  return r;
}
