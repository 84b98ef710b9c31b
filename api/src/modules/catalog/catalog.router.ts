import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { idNumber, productFilterSchema, SHOP_CLOSED_MESSAGE } from 'shared-kernel/contracts';
import { publicViewer } from './catalog.viewer';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { zodToHttpError } from '../../platform/validation';
import { getBuilder, listBuilders } from './catalog.builders';
import { requestPriceGrid } from './catalog.price-grid';
import { sendJsonAnswer, type JsonAnswer } from '../../platform/json-answer';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import type { Db } from '../../platform/db/client';
import { catalogCacheOf } from './catalog.cache';
import { parseJsonParam } from '../../platform/input-guard';
import { CATALOG_MESSAGES, listProductsAnswer, productAnswer, resolveGs1, shopPageAnswer } from './catalog.service';
import type { Viewer } from './catalog.access';

export const QUERY_MESSAGES = {
  filter: 'Le paramètre filter doit être un objet JSON valide',
  shopIds: 'Le paramètre shopIds doit être une liste JSON de numéros de boutique',
  filterByProductIds: 'Le paramètre filterByProductIds doit être une liste JSON de numéros de produit',
  limit: 'Le paramètre limit doit être un entier entre 1 et 100',
  offset: 'Le paramètre offset doit être un entier positif',
  origin: "Le paramètre origin n'accepte que la valeur shop",
  typology: 'Le paramètre typology doit être un texte',
} as const;

function one(v: unknown, field: keyof typeof QUERY_MESSAGES): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, QUERY_MESSAGES[field], field);
  return v;
}

function jsonParam(v: unknown, field: keyof typeof QUERY_MESSAGES): unknown {
  const s = one(v, field);
  if (s === undefined || s === '') return undefined;
  return parseJsonParam(s, field, QUERY_MESSAGES[field]);
}

const idListOf = (field: 'shopIds' | 'filterByProductIds') =>
  z.array(idNumber(QUERY_MESSAGES[field]), { error: QUERY_MESSAGES[field] }).max(500, QUERY_MESSAGES[field]);
// built once: a zod schema costs more to build than to run
const ID_LISTS = { shopIds: idListOf('shopIds'), filterByProductIds: idListOf('filterByProductIds') };
const idList = (field: 'shopIds' | 'filterByProductIds') => ID_LISTS[field];

function intParam(v: unknown, field: 'limit' | 'offset', def: number, min: number, max: number): number {
  const s = one(v, field);
  if (s === undefined || s === '') return def;
  if (!/^\d+$/.test(s)) throw new HttpError(400, QUERY_MESSAGES[field], field);
  const n = Number(s);
  if (n < min || n > max) throw new HttpError(400, QUERY_MESSAGES[field], field);
  return n;
}

export function parseListQuery(query: Request['query']) {
  const filterRaw = jsonParam(query.filter, 'filter') ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw))
    throw new HttpError(400, QUERY_MESSAGES.filter, 'filter');
  const fr = productFilterSchema.safeParse(filterRaw);
  if (!fr.success) {
    const e = zodToHttpError(fr.error);
    throw new HttpError(400, e.message, e.field ? `filter.${e.field}` : 'filter');
  }
  const parseIds = (field: 'shopIds' | 'filterByProductIds') => {
    const raw = jsonParam(query[field], field);
    if (raw === undefined) return undefined;
    const list = Array.isArray(raw) ? raw : [raw];
    const r = idList(field).safeParse(list);
    if (!r.success) throw new HttpError(400, QUERY_MESSAGES[field], field);
    return r.data;
  };
  const origin = one(query.origin, 'origin');
  if (origin !== undefined && origin !== 'shop') throw new HttpError(400, QUERY_MESSAGES.origin, 'origin');
  const typology = one(query.typology, 'typology');
  return {
    filter: fr.data,
    shopIds: parseIds('shopIds'),
    filterByProductIds: parseIds('filterByProductIds'),
    typology: typology || undefined,
    limit: intParam(query.limit, 'limit', 24, 1, 100),
    offset: intParam(query.offset, 'offset', 0, 0, 1_000_000),
  };
}

/**
 * An anonymous GET whose exact URL was answered since the last change of its shops is answered from the cache
 * before anything else runs (body parsing, input checks, routing: that same URL passed them when it was answered).
 */
export function answerFromCache(db: Db): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || req.headers.authorization) {
      next();
      return;
    }
    const hit = catalogCacheOf(db)?.peek(`url|${req.originalUrl}`) as JsonAnswer | { answer: JsonAnswer } | undefined;
    if (!hit) {
      next();
      return;
    }
    sendJsonAnswer(req, res, 'answer' in hit ? hit.answer : hit, { shared: true });
  };
}

/** What OpenAPI shows of GET /products (parsed by parseListQuery: the catalogue's historical format, cached and benchmarked). */
const productsQueryDoc = z.object({
  filter: z
    .string()
    .optional()
    .describe('JSON object: search, gamme[], type[], color[], vintage[], productType[] (a malformed one → 400 field filter)'),
  shopIds: z.string().optional().describe('JSON list of shop ids'),
  filterByProductIds: z.string().optional().describe('JSON list of product ids'),
  typology: z.string().optional().describe('typology preview (privileged members of the shop)'),
  origin: z.enum(['shop']).optional(),
  limit: z.string().optional().describe('1–100, default 24'),
  offset: z.string().optional().describe('≥ 0, default 0'),
});
const ref = z.object({ id: z.string().describe('numeric id, public code or urlShop') });
const answer = (description: string) => ({
  description: `${description} (shared-kernel/contracts/catalog.ts); ETag / 304, anonymous answers shared-cacheable`,
});

export function createCatalogRouter({ db, jwt, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);

  /** Public endpoints: a valid Bearer token refines the view (membership, typology); no or a stale token = anonymous. */
  const viewerOf = (req: Request): Promise<Viewer> => publicViewer(db, jwt, req.get('authorization'));

  defineRoute(
    r,
    {
      method: 'get',
      path: '/products',
      tags: ['catalog'],
      auth: 'optional',
      summary: 'Catalogue listing: products, facets, total',
      request: { queryDoc: productsQueryDoc },
      responses: {
        200: answer('ProductListResponse { items, total, limit, offset, facets, pricesReserved }'),
        404: error(`'${SHOP_CLOSED_MESSAGE}': every shop of shopIds has its module shop off (a closed shop is left out of other listings)`),
      },
    },
    async (_input, req, res) => {
      const q = parseListQuery(req.query);
      const viewer = await viewerOf(req);
      sendJsonAnswer(req, res, await listProductsAnswer(db, viewer, q, req.originalUrl), { shared: !viewer.user });
    },
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/products/:productId',
      tags: ['catalog'],
      auth: 'optional',
      summary: 'A product page (id, or id-slug)',
      request: { queryDoc: z.object({ typology: z.string().optional() }) },
      responses: {
        200: answer('CatalogProduct'),
        404: error(`'${CATALOG_MESSAGES.productNotFound}', or '${SHOP_CLOSED_MESSAGE}' (module shop off; its staff still reads it)`),
      },
    },
    async (_input, req, res) => {
      const raw = String(req.params.productId);
      const id = /^\d{1,9}/.exec(raw)?.[0];
      if (!id) throw new HttpError(404, CATALOG_MESSAGES.productNotFound, 'productId');
      const typology = one(req.query.typology, 'typology');
      const viewer = await viewerOf(req);
      sendJsonAnswer(req, res, (await productAnswer(db, viewer, Number(id), typology || undefined, req.originalUrl)).answer, {
        shared: !viewer.user,
      });
    },
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/by-name/:name',
      tags: ['catalog'],
      auth: 'optional',
      summary: 'A shop page by urlShop or code: shop, tabs, header style, price-grid state',
      responses: { 200: answer('PublicShopPage'), 404: error(`'Boutique introuvable', or '${SHOP_CLOSED_MESSAGE}' (module shop off)`) },
    },
    async (_input, req, res) => {
      const viewer = await viewerOf(req);
      sendJsonAnswer(req, res, await shopPageAnswer(db, viewer, String(req.params.name), req.originalUrl), { shared: !viewer.user });
    },
  );

  // Box builders ('Composer un coffret') of a shop (id, code or urlShop), and one with the bottles it may hold.
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id/builders',
      tags: ['catalog'],
      auth: 'optional',
      summary: "A shop's box builders ('Composer un coffret')",
      request: { params: ref },
      responses: { 200: answer('ShopBuilder[]'), 404: error("'Boutique introuvable'") },
    },
    async ({ params }, req) => listBuilders(db, await viewerOf(req), params.id),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id/builders/:builder',
      tags: ['catalog'],
      auth: 'optional',
      summary: 'A box builder with the bottles it may hold',
      request: { params: ref.extend({ builder: z.string() }) },
      responses: { 200: answer('ShopBuilderDetail'), 404: error('Unknown shop or builder') },
    },
    async ({ params }, req) => getBuilder(db, await viewerOf(req), params.id, params.builder),
  );

  // §6: a professional asks the shop for its professional price grid (one pending request per buyer and shop).
  defineRoute(
    r,
    {
      method: 'post',
      path: '/shops/:id/price-grid-requests',
      tags: ['catalog', 'clients'],
      auth: 'user',
      summary:
        "A professional (isPro, not a member of the shop) asks for the shop's price grid; the owner and iam with seeAllClient/createClient are notified",
      request: { params: ref },
      responses: {
        201: json(
          z.object({
            success: z.literal(true),
            message: z.string(),
            request: z.object({ id: z.number(), shopId: z.number(), status: z.string(), createdAt: z.string() }),
          }),
          'Requested',
        ),
        403: error('Not a professional account'),
        404: error("'Boutique introuvable'"),
        409: error('Already a member, or a request is pending'),
      },
    },
    ({ auth: a, params }) =>
      requestPriceGrid(db, a.user, { memberships: a.memberships, user: { id: a.user.id, isPro: a.user.isPro } }, params.id),
  );

  const gs1 = {
    tags: ['catalog'],
    auth: 'public' as const,
    summary: 'GS1 Digital Link: the product (and vintage / lot) of a GTIN',
    responses: { 200: answer('Gs1Resolution'), 404: error(`'${CATALOG_MESSAGES.gtinInvalid}' or '${CATALOG_MESSAGES.gtinUnknown}'`) },
  };
  const resolve = (req: Request) => {
    const p = req.params as Record<string, string | undefined>;
    return resolveGs1(db, String(p.gtin), p.vintage, p.lot);
  };
  for (const path of ['/gs1/01/:gtin', '/gs1/01/:gtin/22/:vintage', '/gs1/01/:gtin/10/:lot', '/gs1/01/:gtin/22/:vintage/10/:lot']) {
    defineRoute(r, { ...gs1, method: 'get', path }, (_input, req) => resolve(req));
  }

  return r;
}
