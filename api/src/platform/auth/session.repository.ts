import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { isPgInt } from '../db/ids';
import {
  masterAccountLinks,
  masterAccounts,
  shopMembers,
  users,
  type MasterAccountRow,
  type ShopMemberRow,
  type UserRow,
} from '../db/tables';

/** What authenticating a request reads (platform tables only: the platform never imports a module). */

/** The user and their shop memberships (oldest first) in one round trip: what every authenticated request needs. */
export async function findUserWithMemberships(
  db: DbOrTx,
  id: number,
): Promise<{ user: UserRow; memberships: ShopMemberRow[] } | undefined> {
  if (!isPgInt(id)) return undefined;
  const rows = await db
    .select({ user: users, member: shopMembers })
    .from(users)
    // a suspended membership (a collaborator or agent suspended by the shop) gives no access at all
    .leftJoin(shopMembers, and(eq(shopMembers.userId, users.id), isNull(shopMembers.suspendedAt)))
    .where(eq(users.id, id))
    .orderBy(asc(shopMembers.id));
  if (!rows.length) return undefined;
  return { user: rows[0].user, memberships: rows.flatMap((r) => (r.member ? [r.member] : [])) };
}

export async function findMasterAccount(db: DbOrTx, id: number): Promise<MasterAccountRow | undefined> {
  const rows = await db.select().from(masterAccounts).where(eq(masterAccounts.id, id)).limit(1);
  return rows[0];
}

export async function isLinkedToMaster(db: DbOrTx, masterId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: masterAccountLinks.id })
    .from(masterAccountLinks)
    .where(and(eq(masterAccountLinks.masterId, masterId), eq(masterAccountLinks.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
