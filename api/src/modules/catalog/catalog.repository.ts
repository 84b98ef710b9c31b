import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';

/** A shop named by a client: numeric id, urlShop (any case) or public code (any case). */
export async function findShopRef(db: DbOrTx, ref: string): Promise<ShopRow | undefined> {
  const r = ref.trim();
  if (!r || r.length > 200) return undefined;
  const cond = /^\d{1,9}$/.test(r)
    ? sql`${shops.id} = ${Number(r)} or ${shops.urlShop} = ${r}`
    : sql`lower(${shops.urlShop}) = ${r.toLowerCase()} or upper(${shops.code}) = ${r.toUpperCase()}`;
  const [s] = await db.select().from(shops).where(cond).limit(1);
  return s;
}
