import { userSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { updateMeResponseSchema, updateMeSchema } from './users.schemas';
import { createUsersService } from './users.service';

export const UserDoc = userSchema.meta({ id: 'User' });

export function createUsersRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createUsersService({ db });

  defineRoute(
    r,
    {
      method: 'get',
      path: '/users/me',
      tags: ['users'],
      auth: 'user',
      summary: 'The caller (§3 User)',
      responses: { 200: json(UserDoc, 'Current user') },
    },
    ({ auth: a }) => service.me(a),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/users/me',
      tags: ['users'],
      auth: 'user',
      summary: 'Partial update of the caller (names, phone, language, cart, addresses, business); other keys ignored',
      request: { body: updateMeSchema },
      responses: {
        200: json(updateMeResponseSchema, 'Updated user (message unless message:false or cart-only)'),
        413: { description: 'Cart too large (field cart)' },
      },
    },
    ({ auth: a, body }) => service.updateMe(a, body),
  );

  return r;
}
