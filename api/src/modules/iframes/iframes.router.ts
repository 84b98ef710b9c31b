import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { IFRAME_MESSAGES, iframeBodySchema, iframeListSchema, iframeSchema, listIframesQuery } from './iframes.schemas';
import { createIframesService } from './iframes.service';

const iframeId = idParams(IFRAME_MESSAGES.notFound);
const notFound = `'${IFRAME_MESSAGES.notFound}' (also another shop's iframe)`;

/** Embeddable widgets (/iframes/{id}): public read, owner/iam configuration of the caller's shop. */
export function createIframesRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createIframesService({ db });
  const staff = { tags: ['iframes'], auth: 'user' as const, shop: {} };

  defineRoute(
    r,
    {
      ...staff,
      method: 'get',
      path: '/iframes',
      summary: "The caller's shop iframes, newest first",
      request: { query: listIframesQuery },
      responses: { 200: json(iframeListSchema, 'A page of iframes') },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...staff,
      method: 'post',
      path: '/iframes',
      summary: 'Create an iframe (a list, or one product of the shop)',
      request: { body: iframeBodySchema },
      responses: { 201: json(iframeSchema.extend({ message: z.string() }), 'Created') },
    },
    ({ member, body }) => service.create(member.shopId, body),
  );

  defineRoute(
    r,
    {
      ...staff,
      method: 'put',
      path: '/iframes/:id',
      summary: 'Update an iframe of the caller’s shop',
      request: { params: iframeId, body: iframeBodySchema },
      responses: { 200: json(iframeSchema.extend({ message: z.string() }), 'Updated'), 404: notFound },
    },
    ({ member, params, body }) => service.update(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...staff,
      method: 'delete',
      path: '/iframes/:id',
      summary: 'Delete an iframe of the caller’s shop',
      request: { params: iframeId },
      responses: { 200: json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'), 404: notFound },
    },
    ({ member, params }) => service.remove(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/iframes/:id/public',
      tags: ['iframes'],
      auth: 'public',
      summary: 'What /iframes/{id} shows (public)',
      request: { params: iframeId },
      responses: { 200: json(iframeSchema.extend({ urlShop: z.string() }), 'Iframe and its shop'), 404: `'${IFRAME_MESSAGES.notFound}'` },
    },
    ({ params }) => service.publicView(params.id),
  );

  return r;
}
