import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { isPgInt } from '../../platform/db/ids';
export { isPgInt };
export { findUserWithMemberships } from '../../platform/auth/session.repository';
import { shopMembers, shops, userAccounts, users, type ShopMemberRow, type UserRow } from '../../platform/db/tables';

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  if (!isPgInt(id)) return undefined;
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

/** Login identifier: an email (case-insensitive) first, else a username (case-insensitive, oldest account). */
export async function findUserByLogin(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  const byEmail = await findUserByEmail(db, identifier);
  if (byEmail) return byEmail;
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${identifier})`)
    .orderBy(asc(users.id))
    .limit(1);
  return rows[0];
}

/**
 * Whether the user's email address is validated. Accounts without a sign-up row (created before
 * the account flows, e.g. the demo data or by an admin) count as validated.
 */
export async function isEmailValidated(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.select({ at: userAccounts.emailValidatedAt }).from(userAccounts).where(eq(userAccounts.userId, userId)).limit(1);
  return !rows[0] || rows[0].at !== null;
}

/** Memberships of a user, oldest first: the first one is "the user's shop" (spec §6). */
export async function listMemberships(db: DbOrTx, userId: number): Promise<ShopMemberRow[]> {
  return db.select().from(shopMembers).where(eq(shopMembers.userId, userId)).orderBy(asc(shopMembers.id));
}

export async function findMembership(db: DbOrTx, userId: number, shopId: number): Promise<ShopMemberRow | undefined> {
  if (!isPgInt(shopId)) return undefined;
  const rows = await db
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.userId, userId), eq(shopMembers.shopId, shopId)))
    .limit(1);
  return rows[0];
}

export type UserPatch = Partial<
  Pick<UserRow, 'lastname' | 'firstname' | 'language' | 'cart' | 'deliveryAddress' | 'billingAddress' | 'business' | 'phone'>
>;

export async function updateUser(db: DbOrTx, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}

export async function bumpUserTokenVersion(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** Name of the user's first shop (for master sub-account lists). */
export async function firstShopName(db: DbOrTx, userId: number): Promise<string | null> {
  const rows = await db
    .select({ name: shops.name })
    .from(shopMembers)
    .innerJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(and(eq(shopMembers.userId, userId), ne(shopMembers.kind, 'client')))
    .orderBy(asc(shopMembers.id))
    .limit(1);
  return rows[0]?.name ?? null;
}
