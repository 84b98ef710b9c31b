/**
 * Demo promotion codes of the Domaine de Démo: BIENVENUE10 (10 % off the order) and LIVRAISON (free
 * shipping from 100 € of products). No use is seeded: the demo orders and their totals stay as they were.
 * Idempotent (unique code per shop).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { promoCodes } from '../modules/promo-codes';

export async function seedPromoCodes(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  const rows = await db
    .insert(promoCodes)
    .values([
      { shopId: shop.id, code: 'BIENVENUE10', kind: 'percent', value: 10, maxUsesPerClient: 1 },
      { shopId: shop.id, code: 'LIVRAISON', kind: 'freeShipping', value: 0, minAmountCents: 10_000 },
    ])
    .onConflictDoNothing()
    .returning({ id: promoCodes.id });
  logger?.info({ promoCodes: rows.length }, 'demo promotion codes seeded');
}
