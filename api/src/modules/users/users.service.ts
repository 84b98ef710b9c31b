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
    // the user's own shops (owner, iam, agent) first: shops[0] is the shop the shell loads; client memberships last
    shops: [...memberships].sort((a, b) => Number(a.kind === 'client') - Number(b.kind === 'client'))
      .map((m) => ({ id: m.shopId, authorizations: m.authorizations ?? null, typology: m.typology ?? null })),
    cart: user.cart ?? null,
    deliveryAddress: (user.deliveryAddress as User['deliveryAddress']) ?? null,
    billingAddress: (user.billingAddress as User['billingAddress']) ?? null,
  };
}
