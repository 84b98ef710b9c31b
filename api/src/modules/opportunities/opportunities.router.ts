import { z } from 'zod';
import { OPPORTUNITY_MESSAGES as M } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  boardQuery,
  boardSchema,
  crmSettingsBodySchema,
  crmSettingsSavedSchema,
  crmSettingsSchema,
  opportunityBodySchema,
  opportunityLostSchema,
  opportunityMoveSchema,
  opportunitySavedSchema,
  opportunitySchema,
  opportunityWonSchema,
} from './opportunities.schemas';
import { createOpportunitiesService } from './opportunities.service';

const opportunityId = idParams(M.notFound);
const notFound = `'${M.notFound}' (also another shop's opportunity, or for an agent one neither of their clients nor theirs)`;
const VISIBILITY =
  'seeAllClient reads, createClient writes (owners have all); a sales agent reaches only the opportunities of the clients assigned to them or owned by them.';

/** The opportunities module's routes: the CRM settings and the pipeline board. */
export function createOpportunitiesRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createOpportunitiesService({ db });
  const kinds: ('owner' | 'iam' | 'agent')[] = ['owner', 'iam', 'agent'];
  const read = { tags: ['crm'], auth: 'user' as const, shop: { kinds, anyOf: ['seeAllClient' as const] }, description: VISIBILITY };
  const write = { tags: ['crm'], auth: 'user' as const, shop: { kinds, anyOf: ['createClient' as const] }, description: VISIBILITY };

  defineRoute(
    r,
    {
      tags: ['crm'],
      auth: 'user',
      shop: { kinds },
      method: 'get',
      path: '/crm/settings',
      summary: 'The CRM settings of the caller’s shop: client code prefix, custom fields, opportunity stages (defaults filled in)',
      responses: { 200: json(crmSettingsSchema, 'The settings') },
    },
    ({ member }) => service.getSettings(member),
  );

  defineRoute(
    r,
    {
      tags: ['crm'],
      auth: 'user',
      shop: { anyOf: ['createClient'] },
      method: 'put',
      path: '/crm/settings',
      summary: 'Save the CRM settings (owner, or iam with createClient); removing a stage that holds open opportunities → 409',
      request: { body: crmSettingsBodySchema },
      responses: {
        200: json(crmSettingsSavedSchema, 'Saved'),
        409: 'A removed stage still holds open opportunities (named in the message)',
      },
    },
    ({ member, body }) => service.saveSettings(member, body),
  );

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/opportunities/board',
      summary: 'The pipeline: opportunities of a status grouped by stage in order, with count, amount and weighted amount per stage',
      request: { query: boardQuery },
      responses: { 200: json(boardSchema, 'The board') },
    },
    ({ member, query }) => service.board(member, query),
  );

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/opportunities/:id',
      summary: 'An opportunity',
      request: { params: opportunityId },
      responses: { 200: json(opportunitySchema, 'The opportunity'), 404: notFound },
    },
    ({ member, params }) => service.get(member, params.id),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/opportunities',
      summary: 'Create an opportunity (at the end of its stage, the first one by default); a client of another shop → 404',
      request: { body: opportunityBodySchema },
      responses: { 201: json(opportunitySavedSchema, 'Created'), 404: `'${M.clientNotFound}'` },
    },
    ({ member, body }) => service.create(member, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'put',
      path: '/opportunities/:id',
      summary: 'Update an opportunity',
      request: { params: opportunityId, body: opportunityBodySchema },
      responses: { 200: json(opportunitySavedSchema, 'Updated'), 404: notFound },
    },
    ({ member, params, body }) => service.update(member, params.id, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/opportunities/:id/move',
      summary: 'Move an open opportunity to a stage at a position of that column (the column is reordered)',
      request: { params: opportunityId, body: opportunityMoveSchema },
      responses: { 200: json(opportunitySavedSchema, 'Moved'), 404: notFound, 409: M.notOpen },
    },
    ({ member, params, body }) => service.move(member, params.id, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/opportunities/:id/won',
      summary: 'Mark an opportunity won; the answer carries the link that starts the quote of its client',
      request: { params: opportunityId },
      responses: { 200: json(opportunityWonSchema, 'Won'), 404: notFound, 409: M.notOpen },
    },
    ({ member, params }) => service.won(member, params.id),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/opportunities/:id/lost',
      summary: 'Mark an opportunity lost, with its reason',
      request: { params: opportunityId, body: opportunityLostSchema },
      responses: { 200: json(opportunitySavedSchema, 'Lost'), 404: notFound, 409: M.notOpen },
    },
    ({ member, params, body }) => service.lost(member, params.id, body.reason),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/opportunities/:id/reopen',
      summary: 'Reopen a won or lost opportunity (at the end of its stage, the first one if it was removed)',
      request: { params: opportunityId },
      responses: { 200: json(opportunitySavedSchema, 'Reopened'), 404: notFound, 409: M.notClosed },
    },
    ({ member, params }) => service.reopen(member, params.id),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'delete',
      path: '/opportunities/:id',
      summary: 'Delete an opportunity',
      request: { params: opportunityId },
      responses: { 200: json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'), 404: notFound },
    },
    ({ member, params }) => service.remove(member, params.id),
  );

  return r;
}
