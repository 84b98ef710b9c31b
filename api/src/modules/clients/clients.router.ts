import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { HttpError } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { PRICE_GRID_DECISION_MESSAGES } from 'shared-kernel/contracts';
import { listClientsQuerySchema, listPriceGridRequestsQuerySchema, priceGridDecisionSchema } from './clients.schemas';
import { decidePriceGridRequest, listPriceGridRequests, listShopClients, staffMember } from './clients.service';

/**
 * Professional clients of the caller's shop (owner, or iam with seeAllClient / createClient):
 * price-grid requests to accept or refuse, and the clients attached with their typology.
 */
export function createClientsRouter({ db, auth }: AppDeps): Router {
  const r = Router();

  r.get('/shops/me/price-grid-requests', auth.requireUser, async (req, res) => {
    const m = staffMember(userAuth(req), ['seeAllClient', 'createClient']);
    const q = parseOrThrow(listPriceGridRequestsQuerySchema, req.query);
    res.json(await listPriceGridRequests(db, m.shopId, q));
  });

  r.put('/shops/me/price-grid-requests/:id', auth.requireUser, async (req, res) => {
    const m = staffMember(userAuth(req), ['createClient']);
    const raw: unknown = req.body ?? {};
    // A missing or unknown decision: zod reports the union without a path; name the field.
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !['accept', 'refuse'].includes((raw as { decision?: unknown }).decision as string)) {
      throw new HttpError(400, PRICE_GRID_DECISION_MESSAGES.decision, 'decision');
    }
    const body = parseOrThrow(priceGridDecisionSchema, raw);
    res.json(await decidePriceGridRequest(db, m.shopId, String(req.params.id), body));
  });

  r.get('/shops/me/clients', auth.requireUser, async (req, res) => {
    const m = staffMember(userAuth(req), ['seeAllClient', 'createClient']);
    const q = parseOrThrow(listClientsQuerySchema, req.query);
    res.json(await listShopClients(db, m.shopId, q));
  });

  return r;
}
