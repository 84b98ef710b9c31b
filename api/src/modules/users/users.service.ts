import type { User } from 'shared-kernel/contracts';
import type { ShopMemberRow, UserRow } from '../../platform/db/schema';

/** The §3 User shape returned by the api (contract `userSchema`). */
export function toUserDto(user: UserRow, memberships: ShopMemberRow[]): User {
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
    shops: memberships.map((m) => ({ id: m.shopId, authorizations: m.authorizations ?? null, typology: m.typology ?? null })),
    cart: user.cart ?? null,
    deliveryAddress: (user.deliveryAddress as User['deliveryAddress']) ?? null,
    billingAddress: (user.billingAddress as User['billingAddress']) ?? null,
  };
}
