import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { MESSAGES, notFound } from '../../platform/errors';
import { findShopByRef } from '../orders/orders.checkout';
import { listPublicEvents } from './events.service';

/** Public events endpoint: GET /v1/shops/:id/events (id, public code or urlShop). */
export function createEventsRouter({ db }: AppDeps): Router {
  const r = Router();
  r.get('/shops/:id/events', async (req, res) => {
    const shop = await findShopByRef(db, String(req.params.id));
    if (!shop) throw notFound(MESSAGES.shopNotFound);
    res.json(await listPublicEvents(db, shop.id));
  });
  return r;
}
