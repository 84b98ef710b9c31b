import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, users, type ShopRow } from '../../platform/db/tables';
import { isPgInt } from '../users';

export async function findShopById(db: DbOrTx, id: number): Promise<ShopRow | undefined> {
  if (!isPgInt(id)) return undefined;
  const rows = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return rows[0];
}

/** Numeric id, public code (case-insensitive) or urlShop slug (case-insensitive). */
export async function findShopByRef(db: DbOrTx, ref: string): Promise<ShopRow | undefined> {
  const trimmed = ref.trim();
  if (!trimmed || trimmed.length > 200) return undefined;
  if (/^\d+$/.test(trimmed)) {
    const byId = await findShopById(db, Number(trimmed));
    if (byId) return byId;
  }
  const rows = await db
    .select()
    .from(shops)
    .where(sql`upper(${shops.code}) = upper(${trimmed}) or lower(${shops.urlShop}) = lower(${trimmed})`)
    .orderBy(asc(shops.id))
    .limit(1);
  return rows[0];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

export async function listShops(db: DbOrTx, opts: { search?: string; limit: number; offset: number }): Promise<ShopRow[]> {
  // a suspended shop is not listed, nor a closed one (§1 module `shop` off)
  const listed = and(isNull(shops.suspendedAt), sql`${shops.integration} -> 'shop' ->> 'active' = 'true'`);
  const where = opts.search
    ? and(
        sql`(${shops.name} ilike ${'%' + escapeLike(opts.search) + '%'} or ${shops.urlShop} ilike ${'%' + escapeLike(opts.search) + '%'})`,
        listed,
      )
    : listed;
  return db.select().from(shops).where(where).orderBy(asc(shops.name), asc(shops.id)).limit(opts.limit).offset(opts.offset);
}

export async function findShopOwner(db: DbOrTx, shopId: number) {
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, phone: users.phone })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.kind, 'owner')))
    .orderBy(asc(shopMembers.id))
    .limit(1);
  return rows[0];
}

export type ShopPatch = Partial<Pick<ShopRow, 'name' | 'contactEmail' | 'settings' | 'editedShop' | 'integration'>>;

export async function updateShop(db: DbOrTx, id: number, patch: ShopPatch): Promise<ShopRow | undefined> {
  const rows = await db
    .update(shops)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(shops.id, id))
    .returning();
  return rows[0];
}

/** The module switches of a shop (§1: a module is on when integration[module].active === true). */
/** What the back office of a shop depends on: its module switches and whether the operator suspended it. */
export async function findShopState(
  db: DbOrTx,
  id: number,
): Promise<{ integration: ShopRow['integration']; suspended: boolean } | undefined> {
  if (!isPgInt(id)) return undefined;
  const rows = await db
    .select({ integration: shops.integration, suspendedAt: shops.suspendedAt })
    .from(shops)
    .where(eq(shops.id, id))
    .limit(1);
  return rows[0] && { integration: rows[0].integration, suspended: rows[0].suspendedAt != null };
}
