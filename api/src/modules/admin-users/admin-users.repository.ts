import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, userAccounts, users, type UserRole } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';

const summary = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  disabled: users.disabled,
  createdAt: users.createdAt,
  emailValidatedAt: userAccounts.emailValidatedAt,
  accountType: userAccounts.accountType,
};
export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  role: string;
  disabled: boolean;
  createdAt: Date;
  emailValidatedAt: Date | null;
  accountType: string | null;
};

export type AdminUsersQuery = ListQuery<'id' | 'email' | 'username' | 'createdAt', { role?: UserRole; disabled?: 'true' | 'false' }>;

export async function listUsers(db: DbOrTx, q: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(sql`(lower(${users.email}) like ${like} or lower(${users.username}) like ${like})`);
  }
  if (q.filters.role) conds.push(eq(users.role, q.filters.role));
  if (q.filters.disabled) conds.push(eq(users.disabled, q.filters.disabled === 'true'));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(summary)
      .from(users)
      .leftJoin(userAccounts, eq(userAccounts.userId, users.id))
      .where(where)
      .orderBy(...orderByOf(q.sort, { id: users.id, email: users.email, username: users.username, createdAt: users.createdAt }, users.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findUserDetail(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      ...summary,
      firstname: users.firstname,
      lastname: users.lastname,
      phone: users.phone,
      isPro: users.isPro,
      siret: userAccounts.siret,
    })
    .from(users)
    .leftJoin(userAccounts, eq(userAccounts.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

export async function listUserShops(db: DbOrTx, userId: number) {
  return db
    .select({ id: shops.id, name: shops.name, code: shops.code, kind: shopMembers.kind })
    .from(shopMembers)
    .innerJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(eq(shopMembers.userId, userId))
    .orderBy(asc(shopMembers.id));
}

/** Disabling also bumps token_version: every session of the account stops working. */
export async function setDisabled(db: DbOrTx, id: number, disabled: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ disabled, updatedAt: new Date(), ...(disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}
