import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { bulkStatusSchema, MEDIA_MAX_BYTES, PRODUCT_ADMIN_MESSAGES as M, productInputSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import type { MemberKind } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { MEDIA_KEY, mediaStoreFor, type MediaStore } from './products.media';
import {
  formatOptionsSchema,
  listProductsQuery,
  mediaSchema,
  messageSchema,
  productDetailSchema,
  productListSchema,
  productWriteSchema,
} from './products.schemas';
import { createProductsService } from './products.service';

const productId = idParams(M.notFound);
const notFound = `'${M.notFound}' (also another shop's product)`;

/**
 * §2/§6 read access: owner, iam with seeAllProduct (or createProduct), or an agent of the shop (the catalogue route is
 * open to agents, read-only). The shop is the caller's first owner/iam membership, else their first agent one.
 */
const READ_SCOPE = "Caller's shop: owner, iam with seeAllProduct or createProduct, or agent (read-only).";

/** Raw image body (any content type: the bytes are checked by sharp), at most MEDIA_MAX_BYTES. */
export const rawImageBody: RequestHandler = (req: Request, res: Response, next: NextFunction) =>
  express.raw({ type: () => true, limit: MEDIA_MAX_BYTES })(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(new HttpError(413, M.imageTooBig, 'file'));
    next(err);
  });

/** Back-office catalogue: /catalogue/products, /catalogue/media and the public /media/:key. */
export function createProductsRouter({ db, auth, config }: AppDeps, opts: { media?: MediaStore } = {}): ApiRouter {
  const r = apiRouter(auth);
  const service = createProductsService({ db, media: opts.media ?? mediaStoreFor(config.dataDir) });
  const reader = {
    tags: ['products'],
    auth: 'user' as const,
    description: READ_SCOPE,
    shop: { kinds: ['owner', 'iam', 'agent'] as MemberKind[], anyOf: ['seeAllProduct' as const, 'createProduct' as const] },
  };
  const writer = { tags: ['products'], auth: 'user' as const, shop: { anyOf: ['createProduct' as const] } };

  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/catalogue/products',
      summary: "The caller's shop products (back office), with their vintages, formats, default price and stock",
      request: { query: listProductsQuery },
      responses: { 200: json(productListSchema, 'A page of products') },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/catalogue/formats',
      summary: 'The formats of the shop a box may hold (every format of a product that is not a box)',
      responses: { 200: json(formatOptionsSchema, 'Formats') },
    },
    ({ member }) => service.formatOptions(member.shopId),
  );

  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/catalogue/products/:id',
      summary: 'One product of the shop, whole and editable (vintages, formats, prices per typology, promotions)',
      request: { params: productId },
      responses: { 200: json(productDetailSchema, 'The product'), 404: notFound },
    },
    ({ member, params }) => service.detail(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/catalogue/products',
      summary: 'Create a product with its vintages, formats, prices and promotions (one transaction)',
      request: { body: productInputSchema },
      responses: { 201: json(productWriteSchema, 'Created') },
    },
    ({ member, body }) => service.create(member.shopId, body),
  );

  defineRoute(
    r,
    {
      ...writer,
      method: 'put',
      path: '/catalogue/products/status',
      summary: 'Change the status of several products of the shop',
      request: { body: bulkStatusSchema },
      responses: { 200: json(messageSchema.extend({ updated: z.number().int() }), 'Updated') },
    },
    ({ member, body }) => service.setStatus(member.shopId, body.ids, body.status),
  );

  defineRoute(
    r,
    {
      ...writer,
      method: 'put',
      path: '/catalogue/products/:id',
      summary: 'Save the whole product: nested rows matched by id, new ones created, missing ones deleted (one transaction)',
      request: { params: productId, body: productInputSchema },
      responses: { 200: json(productWriteSchema, 'Saved'), 404: notFound },
    },
    ({ member, params, body }) => service.update(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/catalogue/products/:id/duplicate',
      summary: 'Copy a product (paused, without GTINs)',
      request: { params: productId },
      responses: { 201: json(productWriteSchema, 'The copy'), 404: notFound },
    },
    ({ member, params }) => service.duplicate(member.shopId, params.id),
  );

  for (const archived of [true, false])
    defineRoute(
      r,
      {
        ...writer,
        method: 'post',
        path: `/catalogue/products/:id/${archived ? 'archive' : 'unarchive'}`,
        summary: archived ? 'Archive a product (hidden from the default list; kept for its orders)' : 'Bring an archived product back',
        request: { params: productId },
        responses: { 200: json(productWriteSchema, 'Done'), 404: notFound },
      },
      ({ member, params }) => service.archive(member.shopId, params.id, archived),
    );

  defineRoute(
    r,
    {
      ...writer,
      method: 'delete',
      path: '/catalogue/products/:id',
      summary: 'Delete a product never ordered nor moved in stock (else 409: archive it)',
      request: { params: productId },
      responses: { 200: json(messageSchema, 'Deleted'), 404: notFound, 409: `'${M.hasOrders}'` },
    },
    ({ member, params }) => service.remove(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/catalogue/media',
      summary: 'Upload an image (raw body: PNG, JPEG or WebP, ≤ 8 MB); re-encoded as WebP ≤ 2000 px without metadata',
      before: [rawImageBody],
      responses: {
        201: json(mediaSchema, 'The stored image'),
        400: `'${M.imageNotImage}'`,
        413: `'${M.imageTooBig}'`,
      },
    },
    ({ member, auth: caller }, req) =>
      service.upload(member.shopId, caller.user.id, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/media/:key',
      tags: ['products'],
      auth: 'public',
      summary: 'An uploaded image (immutable: cached for a year)',
      request: { params: z.object({ key: z.string().regex(MEDIA_KEY, M.mediaNotFound).describe('<sha256>.webp') }) },
      responses: { 200: { description: 'The image', contentType: 'image/webp' }, 304: 'Not modified', 404: `'${M.mediaNotFound}'` },
    },
    async ({ params }, req, res) => {
      const etag = `"${params.key.slice(0, 64)}"`;
      res.set('Cache-Control', 'public, max-age=31536000, immutable');
      res.set('ETag', etag);
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
        res.status(304).end();
        return;
      }
      const found = await service.media(params.key);
      if (!found) {
        res.removeHeader('Cache-Control');
        res.removeHeader('ETag');
        throw new HttpError(404, M.mediaNotFound);
      }
      res.set('X-Content-Type-Options', 'nosniff');
      res.type(found.contentType).send(found.bytes);
    },
  );

  return r;
}
