import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, users, type MemberKind } from '../../platform/db/tables';

export async function listShopMembers(db: DbOrTx, shopId: number, kinds: MemberKind[]) {
  if (!kinds.length) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      kind: shopMembers.kind,
    })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.kind, kinds), eq(users.disabled, false)))
    .orderBy(asc(shopMembers.id));
}
