import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { productFilterSchema } from 'shared-kernel/contracts';
import { publicViewer } from './catalog.viewer';
import type { AppDeps } from '../../platform/deps';
import { authenticate, userAuth } from '../../platform/auth/middleware';
import { HttpError } from '../../platform/errors';
import { zodToHttpError } from '../../platform/validation';
import { getBuilder, listBuilders } from './catalog.builders';
import { requestPriceGrid } from './catalog.price-grid';
import { sendJsonAnswer, type JsonAnswer } from '../../platform/json-answer';
import type { Db } from '../../platform/db/client';
import { catalogCacheOf } from './catalog.cache';
import { parseJsonParam } from '../../platform/input-guard';
import { CATALOG_MESSAGES, listProductsAnswer, productAnswer, resolveGs1, shopPageAnswer, type Viewer } from './catalog.service';

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

const idListOf = (field: 'shopIds' | 'filterByProductIds') => z.array(z.number().int().positive(), { error: QUERY_MESSAGES[field] }).max(500, QUERY_MESSAGES[field]);
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
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) throw new HttpError(400, QUERY_MESSAGES.filter, 'filter');
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
    filter: fr.data, shopIds: parseIds('shopIds'), filterByProductIds: parseIds('filterByProductIds'),
    typology: typology || undefined, limit: intParam(query.limit, 'limit', 24, 1, 100), offset: intParam(query.offset, 'offset', 0, 0, 1_000_000),
  };
}

/**
 * An anonymous GET whose exact URL was answered since the last change of its shops is answered from the cache
 * before anything else runs (body parsing, input checks, routing: that same URL passed them when it was answered).
 */
export function answerFromCache(db: Db): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || req.headers.authorization) { next(); return; }
    const hit = catalogCacheOf(db)?.peek(`url|${req.originalUrl}`) as JsonAnswer | { answer: JsonAnswer } | undefined;
    if (!hit) { next(); return; }
    sendJsonAnswer(req, res, 'answer' in hit ? hit.answer : hit, { shared: true });
  };
}

export function createCatalogRouter({ db, jwt, auth }: AppDeps): Router {
  const r = Router();

  /** Public endpoints: a valid Bearer token refines the view (membership, typology); no or a stale token = anonymous. */
  const viewerOf = (req: Request): Promise<Viewer> => publicViewer(db, jwt, req.get('authorization'));

  r.get('/products', async (req, res) => {
    const q = parseListQuery(req.query);
    const viewer = await viewerOf(req);
    sendJsonAnswer(req, res, await listProductsAnswer(db, viewer, q, req.originalUrl), { shared: !viewer.user });
  });

  r.get('/products/:productId', async (req, res) => {
    const raw = String(req.params.productId);
    const id = /^\d{1,9}/.exec(raw)?.[0];
    if (!id) throw new HttpError(404, CATALOG_MESSAGES.productNotFound, 'productId');
    const typology = one(req.query.typology, 'typology');
    const viewer = await viewerOf(req);
    sendJsonAnswer(req, res, (await productAnswer(db, viewer, Number(id), typology || undefined, req.originalUrl)).answer, { shared: !viewer.user });
  });

  r.get('/shops/by-name/:name', async (req, res) => {
    const viewer = await viewerOf(req);
    sendJsonAnswer(req, res, await shopPageAnswer(db, viewer, String(req.params.name), req.originalUrl), { shared: !viewer.user });
  });

  // Box builders ('Composer un coffret') of a shop (id, code or urlShop), and one with the bottles it may hold.
  r.get('/shops/:id/builders', async (req, res) => {
    res.json(await listBuilders(db, await viewerOf(req), String(req.params.id)));
  });
  r.get('/shops/:id/builders/:builder', async (req, res) => {
    res.json(await getBuilder(db, await viewerOf(req), String(req.params.id), String(req.params.builder)));
  });

  // §6: a professional asks the shop for its professional price grid (one pending request per buyer and shop).
  r.post('/shops/:id/price-grid-requests', auth.requireUser, async (req, res) => {
    const a = userAuth(req);
    res.status(201).json(await requestPriceGrid(db, a.user, { memberships: a.memberships, user: { id: a.user.id, isPro: a.user.isPro } }, String(req.params.id)));
  });

  const gs1 = async (req: Request, res: import('express').Response) => {
    const p = req.params as Record<string, string | undefined>;
    res.json(await resolveGs1(db, String(p.gtin), p.vintage, p.lot));
  };
  r.get('/gs1/01/:gtin', gs1);
  r.get('/gs1/01/:gtin/22/:vintage', gs1);
  r.get('/gs1/01/:gtin/10/:lot', gs1);
  r.get('/gs1/01/:gtin/22/:vintage/10/:lot', gs1);

  return r;
}
