import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { callerShop, scopeToShop } from '../../platform/auth/scope';
import { parseOrThrow } from '../../platform/validation';
import { listAgentsQuerySchema } from './agents.schemas';
import { listMembersFor } from './agents.service';

export function createAgentsRouter({ db, auth }: AppDeps): Router {
  const r = Router();
  r.get('/agents', auth.requireUser, async (req, res) => {
    const a = userAuth(req);
    const query = { ...req.query } as Record<string, unknown>;
    if (query.userType === undefined && query['userType[]'] !== undefined) query.userType = query['userType[]'];
    const q = parseOrThrow(listAgentsQuerySchema, query);
    const own = callerShop(a);
    const member = q.shopId !== undefined ? scopeToShop(a, q.shopId) : own;
    res.json(await listMembersFor(db, member, q.userType));
  });
  return r;
}
