import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { forbidden } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { createMaintenanceSchema } from './maintenances.schemas';
import { createMaintenance, getActiveMaintenance } from './maintenances.service';

export function createMaintenancesRouter({ db, auth }: AppDeps): Router {
  const r = Router();

  // Public: polled by the shell, logged in or not.
  r.get('/maintenances', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getActiveMaintenance(db));
  });

  r.post('/maintenances', auth.requireUser, async (req, res) => {
    if (userAuth(req).user.role !== 'superAdmin') throw forbidden();
    const body = parseOrThrow(createMaintenanceSchema, req.body ?? {});
    res.status(201).json(await createMaintenance(db, body));
  });

  return r;
}
