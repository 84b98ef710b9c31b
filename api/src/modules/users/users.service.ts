import type { User } from 'shared-kernel/contracts';
import type { ShopMemberRow, UserRow } from '../../platform/db/schema';

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
    shops: memberships.map((m) => ({ id: m.shopId, authorizations: m.authorizations ?? null, typology: m.typology ?? null })),
    cart: user.cart ?? null,
    deliveryAddress: (user.deliveryAddress as User['deliveryAddress']) ?? null,
    billingAddress: (user.billingAddress as User['billingAddress']) ?? null,
  };
}
