import { maintenanceSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { forbidden } from '../../platform/errors';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { createMaintenanceSchema } from './maintenances.schemas';
import { createMaintenancesService } from './maintenances.service';

const Maintenance = maintenanceSchema.meta({ id: 'Maintenance' });

export function createMaintenancesRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createMaintenancesService({ db });

  // Public: polled by the shell, logged in or not.
  defineRoute(
    r,
    {
      method: 'get',
      path: '/maintenances',
      tags: ['maintenances'],
      auth: 'public',
      summary: 'The active maintenance, or null',
      responses: { 200: json(Maintenance.nullable(), 'Active maintenance or null') },
    },
    () => service.active(),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/maintenances',
      tags: ['maintenances'],
      auth: 'user',
      summary: 'Schedule a maintenance (superAdmin)',
      before: [
        (req, _res, next) => {
          if (userAuth(req).user.role !== 'superAdmin') throw forbidden();
          next();
        },
      ],
      request: { body: createMaintenanceSchema },
      responses: { 201: json(Maintenance, 'Created'), 403: 'Not a superAdmin' },
    },
    ({ body }) => service.create(body),
  );

  return r;
}
