import { Router } from 'express';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { callerShop } from '../../platform/auth/scope';
import { iframes, products, shops } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';

export const IFRAME_MESSAGES = {
  notFound: 'Iframe introuvable',
  productRequired: 'Veuillez choisir le produit à afficher',
  productNotFound: 'Produit inexistant',
  created: "L'iframe a été créée",
  updated: "L'iframe a été mise à jour",
  deleted: "L'iframe a été supprimée",
} as const;

const iframeBody = z.object({
  name: z.string({ error: 'Le nom est obligatoire' }).trim().min(1, 'Le nom est obligatoire').max(100, 'Le nom ne doit pas dépasser 100 caractères'),
  kind: z.enum(['list', 'product'], { error: "Le type d'iframe doit être list ou product" }),
  productId: z.number({ error: 'Le produit doit être un numéro' }).int().positive().nullable().optional(),
}).strict();

function idParam(raw: unknown): number {
  const s = String(raw);
  if (!/^\d{1,9}$/.test(s)) throw new HttpError(404, IFRAME_MESSAGES.notFound, 'id');
  return Number(s);
}

/** Embeddable widgets (/iframes/{id}): public read, owner/iam configuration. */
export function createIframesRouter({ db, auth }: AppDeps): Router {
  const r = Router();

  async function checkProduct(shopId: number, body: z.infer<typeof iframeBody>): Promise<number | null> {
    if (body.kind === 'list') return null;
    if (!body.productId) throw new HttpError(400, IFRAME_MESSAGES.productRequired, 'productId');
    const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, body.productId), eq(products.shopId, shopId)));
    if (!p) throw new HttpError(400, IFRAME_MESSAGES.productNotFound, 'productId');
    return p.id;
  }
  const dto = (row: typeof iframes.$inferSelect) => ({ id: row.id, shopId: row.shopId, name: row.name, kind: row.kind, productId: row.productId, createdAt: row.createdAt });

  r.get('/iframes', auth.requireUser, async (req, res) => {
    const m = callerShop(userAuth(req));
    const rows = await db.select().from(iframes).where(eq(iframes.shopId, m.shopId)).orderBy(desc(iframes.id));
    res.json(rows.map(dto));
  });

  r.post('/iframes', auth.requireUser, async (req, res) => {
    const m = callerShop(userAuth(req));
    const body = parseOrThrow(iframeBody, req.body ?? {});
    const productId = await checkProduct(m.shopId, body);
    const [row] = await db.insert(iframes).values({ shopId: m.shopId, name: body.name, kind: body.kind, productId }).returning();
    res.status(201).json({ ...dto(row), message: IFRAME_MESSAGES.created });
  });

  r.put('/iframes/:id', auth.requireUser, async (req, res) => {
    const m = callerShop(userAuth(req));
    const id = idParam(req.params.id);
    const body = parseOrThrow(iframeBody, req.body ?? {});
    const productId = await checkProduct(m.shopId, body);
    const [row] = await db.update(iframes).set({ name: body.name, kind: body.kind, productId }).where(and(eq(iframes.id, id), eq(iframes.shopId, m.shopId))).returning();
    if (!row) throw new HttpError(404, IFRAME_MESSAGES.notFound);
    res.json({ ...dto(row), message: IFRAME_MESSAGES.updated });
  });

  r.delete('/iframes/:id', auth.requireUser, async (req, res) => {
    const m = callerShop(userAuth(req));
    const rows = await db.delete(iframes).where(and(eq(iframes.id, idParam(req.params.id)), eq(iframes.shopId, m.shopId))).returning({ id: iframes.id });
    if (!rows.length) throw new HttpError(404, IFRAME_MESSAGES.notFound);
    res.json({ success: true, message: IFRAME_MESSAGES.deleted });
  });

  // Public: what /iframes/{id} shows.
  r.get('/iframes/:id/public', async (req, res) => {
    const [row] = await db.select({ iframe: iframes, urlShop: shops.urlShop }).from(iframes).innerJoin(shops, eq(shops.id, iframes.shopId)).where(eq(iframes.id, idParam(req.params.id)));
    if (!row) throw new HttpError(404, IFRAME_MESSAGES.notFound);
    res.json({ ...dto(row.iframe), urlShop: row.urlShop });
  });

  return r;
}
