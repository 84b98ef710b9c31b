import { z } from 'zod';
import { publicEventSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import { createEventsService } from './events.service';

/** Public events endpoint: GET /v1/shops/:id/events (id, public code or urlShop). */
export function createEventsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createEventsService({ db });
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id/events',
      tags: ['orders'],
      auth: 'public',
      summary: 'Events of a shop with their future slots and places left',
      request: { params: z.object({ id: z.string().describe('numeric id, public code or urlShop') }) },
      responses: { 200: json(z.array(publicEventSchema), 'Events'), 404: error("'Boutique introuvable'") },
    },
    ({ params }) => service.ofShop(params.id),
  );
  return r;
}
