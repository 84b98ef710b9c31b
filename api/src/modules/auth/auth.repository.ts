import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { masterAccountLinks, masterAccounts, users, type MasterAccountRow } from '../../platform/db/tables';
import { isPgInt } from '../users';

export async function findMasterByLogin(db: DbOrTx, identifier: string): Promise<MasterAccountRow | undefined> {
  const byEmail = await db
    .select()
    .from(masterAccounts)
    .where(sql`lower(${masterAccounts.email}) = lower(${identifier})`)
    .limit(1);
  if (byEmail[0]) return byEmail[0];
  const byName = await db
    .select()
    .from(masterAccounts)
    .where(sql`lower(${masterAccounts.username}) = lower(${identifier})`)
    .orderBy(asc(masterAccounts.id))
    .limit(1);
  return byName[0];
}

export async function listSubAccounts(db: DbOrTx, masterId: number) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, disabled: users.disabled })
    .from(masterAccountLinks)
    .innerJoin(users, eq(users.id, masterAccountLinks.userId))
    .where(eq(masterAccountLinks.masterId, masterId))
    .orderBy(asc(masterAccountLinks.id));
}

export async function isSubAccount(db: DbOrTx, masterId: number, userId: number): Promise<boolean> {
  if (!isPgInt(userId)) return false;
  const rows = await db
    .select({ id: masterAccountLinks.id })
    .from(masterAccountLinks)
    .where(and(eq(masterAccountLinks.masterId, masterId), eq(masterAccountLinks.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function bumpMasterTokenVersion(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(masterAccounts)
    .set({ tokenVersion: sql`${masterAccounts.tokenVersion} + 1` })
    .where(eq(masterAccounts.id, id));
}
