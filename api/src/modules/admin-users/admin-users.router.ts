import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { forbidden, MESSAGES } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { adminUserDetailSchema, adminUserListSchema, disableBodySchema, listAdminUsersQuery } from './admin-users.schemas';
import { createAdminUsersService } from './admin-users.service';

const superAdmin: RequestHandler = (req, _res, next) => {
  if (userAuth(req).user.role !== 'superAdmin') throw forbidden();
  next();
};
const userId = idParams(MESSAGES.userNotFound);

/** /v1/admin/users — superAdmin: search, view, disable and re-enable accounts. */
export function createAdminUsersRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createAdminUsersService({ db });
  const common = { tags: ['admin'], auth: 'user' as const, before: [superAdmin] };

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/users',
      summary: 'Accounts (superAdmin), by id; q searches email and username',
      request: { query: listAdminUsersQuery },
      responses: { 200: json(adminUserListSchema, 'A page of accounts'), 403: 'Not a superAdmin' },
    },
    ({ query }) => service.list(query),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/users/:id',
      summary: 'One account with names, phone, SIRET and shops (superAdmin)',
      request: { params: userId },
      responses: { 200: json(adminUserDetailSchema, 'Account'), 403: 'Not a superAdmin', 404: "'Utilisateur introuvable'" },
    },
    ({ params }) => service.get(params.id),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'put',
      path: '/admin/users/:id/disabled',
      summary: 'Disable (revoking every session) or re-enable an account (superAdmin; not one’s own)',
      request: { params: userId, body: disableBodySchema },
      responses: {
        200: json(z.object({ success: z.literal(true), disabled: z.boolean(), message: z.string() }), 'Done'),
        403: 'Not a superAdmin',
        404: "'Utilisateur introuvable'",
      },
    },
    ({ auth: a, params, body }) => service.setDisabled(a.user, params.id, body.disabled),
  );

  return r;
}
