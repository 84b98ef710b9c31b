import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { users, type UserRow } from '../../platform/db/tables';
import { orderByOf, type ListQuery } from '../../platform/list-query';
import { apiKeys, type ApiKeyRow } from './api-keys.tables';

export type ApiKeysQuery = ListQuery<'id' | 'name' | 'createdAt' | 'lastUsedAt', Record<string, never>>;

/** The unrevoked key of this hash with its owner. */
export async function findActiveKey(db: DbOrTx, keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const rows = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows[0];
}

export async function touchKey(db: DbOrTx, id: number): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

export async function listKeys(db: DbOrTx, userId: number, q: ApiKeysQuery): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const where = and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { id: apiKeys.id, name: apiKeys.name, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt },
          apiKeys.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function insertKey(db: DbOrTx, values: { userId: number; name: string; prefix: string; keyHash: string }): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

/** Revokes one of the user's keys; false when it is not theirs or already revoked. */
export async function revokeKey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
