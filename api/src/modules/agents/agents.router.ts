import type { AppDeps } from '../../platform/deps';
import { scopeToShop } from '../../platform/auth/scope';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { listAgentsQuerySchema, listAgentsResponseSchema } from './agents.schemas';
import { createAgentsService } from './agents.service';

export function createAgentsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createAgentsService({ db });
  defineRoute(
    r,
    {
      method: 'get',
      path: '/agents',
      tags: ['agents'],
      auth: 'user',
      shop: {},
      summary: "Members of the caller's shop (iam: accessCollaborator for iam, accessAgent for agents; neither → 403)",
      before: [
        (req, _res, next) => {
          // `userType[]=…` is read as `userType`
          const q = req.query as Record<string, unknown>;
          if (q.userType === undefined && q['userType[]'] !== undefined)
            Object.defineProperty(req, 'query', { value: { ...q, userType: q['userType[]'] } });
          next();
        },
      ],
      request: { query: listAgentsQuerySchema },
      responses: {
        200: json(listAgentsResponseSchema, 'Members of the caller’s shop'),
        404: "'Boutique introuvable' (shopId of another shop)",
      },
    },
    ({ auth: a, member, query }) => service.listMembers(query.shopId !== undefined ? scopeToShop(a, query.shopId) : member, query.userType),
  );
  return r;
}
