import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { callerShop, scopeToShop } from '../../platform/auth/scope';
import { parseOrThrow } from '../../platform/validation';
import { listShopsQuerySchema, updateShopSchema } from './shops.schemas';
import { getPublicShop, getShopCustomization, getShopDto, getShopImage, listPublicShops, updateShopFields } from './shops.service';

export function createShopsRouter({ db, auth }: AppDeps): Router {
  const r = Router();

  // The caller's shop (owner or iam), full view.
  r.get('/shops/me', auth.requireUser, async (req, res) => {
    const member = callerShop(userAuth(req));
    res.json(await getShopDto(db, member.shopId));
  });

  // Owner or iam: what /dashboard/customize edits (header style, every tab incl. hidden ones, colour/banner/logo).
  r.get('/shops/me/page', auth.requireUser, async (req, res) => {
    const member = callerShop(userAuth(req));
    res.json(await getShopCustomization(db, member.shopId));
  });

  // Public: an image uploaded from the shop editor (no file storage yet: kept as a data URL, served decoded).
  r.get('/shops/:id/images/:kind', async (req, res) => {
    const img = await getShopImage(db, String(req.params.id), String(req.params.kind));
    res.set('Content-Type', img.type);
    res.set('Cache-Control', req.query.v === img.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
    res.set('Content-Security-Policy', "default-src 'none'");
    res.send(img.bytes);
  });

  // Owner only: partial update of the caller's shop.
  r.put('/shops/me', auth.requireUser, async (req, res) => {
    const member = callerShop(userAuth(req), ['owner']);
    const body = parseOrThrow(updateShopSchema, req.body ?? {});
    res.json(await updateShopFields(db, member.shopId, body));
  });

  // Public list.
  r.get('/shops', async (req, res) => {
    const q = parseOrThrow(listShopsQuerySchema, req.query);
    res.json(await listPublicShops(db, q));
  });

  // Public view by numeric id, public code or urlShop slug.
  r.get('/shops/:id', async (req, res) => {
    res.json(await getPublicShop(db, String(req.params.id)));
  });

  // Owner update of a shop named by id: only their own (another shop → 404).
  r.put('/shops/:id', auth.requireUser, async (req, res) => {
    const id = Number(req.params.id);
    const a = userAuth(req);
    callerShop(a, ['owner']);
    const member = scopeToShop(a, id, ['owner']);
    const body = parseOrThrow(updateShopSchema, req.body ?? {});
    res.json(await updateShopFields(db, member.shopId, body));
  });

  return r;
}
