import type { User } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { Db } from '../../platform/db/client';
import type { ShopMemberRow, UserRow } from '../../platform/db/tables';
import { HttpError, MESSAGES } from '../../platform/errors';
import { isEmailValidated, listMemberships, updateUser, type UserPatch } from './users.repository';
import type { UpdateMeBody } from './users.schemas';

const MAX_CART_BYTES = 256 * 1024;

/**
 * The §3 User shape returned by the api (contract `userSchema`). `emailValidated`
 * (see isEmailValidated) is included when the caller looked it up.
 */
export function toUserDto(user: UserRow, memberships: ShopMemberRow[], emailValidated?: boolean): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    lastname: user.lastname,
    firstname: user.firstname,
    role: user.role,
    language: user.language,
    business: user.business ?? null,
    isPro: user.isPro,
    ...(emailValidated !== undefined ? { emailValidated } : {}),
    // the user's own shops (owner, iam, agent) first: shops[0] is the shop the shell loads; client memberships last
    shops: [...memberships]
      .sort((a, b) => Number(a.kind === 'client') - Number(b.kind === 'client'))
      .map((m) => ({ id: m.shopId, authorizations: m.authorizations ?? null, typology: m.typology ?? null })),
    cart: user.cart ?? null,
    deliveryAddress: (user.deliveryAddress as User['deliveryAddress']) ?? null,
    billingAddress: (user.billingAddress as User['billingAddress']) ?? null,
  };
}

export function createUsersService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async me(a: UserAuthContext): Promise<User> {
      return toUserDto(a.user, a.memberships, await isEmailValidated(db, a.user.id));
    },

    /** Partial update of the caller; the confirmation message unless `message: false` or only the cart is saved. */
    async updateMe(a: UserAuthContext, body: UpdateMeBody): Promise<User & { message?: string }> {
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
      return silent ? dto : { ...dto, message: MESSAGES.updated };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
