import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { HttpError, MESSAGES } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { isEmailValidated, listMemberships, updateUser, type UserPatch } from './users.repository';
import { updateMeSchema } from './users.schemas';
import { toUserDto } from './users.service';

const MAX_CART_BYTES = 256 * 1024;

export function createUsersRouter({ db, auth }: AppDeps): Router {
  const r = Router();

  r.get('/users/me', auth.requireUser, async (req, res) => {
    const a = userAuth(req);
    res.json(toUserDto(a.user, a.memberships, await isEmailValidated(db, a.user.id)));
  });

  r.put('/users/me', auth.requireUser, async (req, res) => {
    const a = userAuth(req);
    const body = parseOrThrow(updateMeSchema, req.body ?? {});
    const { message, ...fields } = body;
    if (fields.cart != null && JSON.stringify(fields.cart).length > MAX_CART_BYTES) {
      throw new HttpError(413, MESSAGES.bodyTooLarge, 'cart');
    }
    const patch: UserPatch = {};
    for (const [k, v] of Object.entries(fields)) {
      if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
    }
    const updated = Object.keys(patch).length ? await updateUser(db, a.user.id, patch) : a.user;
    if (!updated) throw new HttpError(401, MESSAGES.unauthorized);
    const dto = toUserDto(updated, await listMemberships(db, updated.id), await isEmailValidated(db, updated.id));
    const onlyCart = Object.keys(patch).length > 0 && Object.keys(patch).every((k) => k === 'cart');
    const silent = message === false || onlyCart;
    res.json(silent ? dto : { ...dto, message: MESSAGES.updated });
  });

  return r;
}
