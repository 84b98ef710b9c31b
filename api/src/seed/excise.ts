import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { productFormats, products, productVintages } from '../modules/catalog';
import { crdColors, crdMovements } from '../modules/stock';

/** The demo capsules: green for AOP wines, blue for the other wines, lilac for spirits, and a plain (non-CRD) one. */
export const DEMO_CRD_COLORS = [
  { name: 'Capsule verte AOP', color: 'vert', type: 'capsule', isCRD: true, stock: 4800 },
  { name: 'Capsule bleue Vin de France', color: 'bleu', type: 'capsule', isCRD: true, stock: 2400 },
  { name: 'Capsule lilas spiritueux', color: 'lilas', type: 'capsule', isCRD: true, stock: 600 },
  { name: 'Capsule neutre', color: 'neutre', type: 'capsule', isCRD: false, stock: 1200 },
] as const;

const DAY = 24 * 3600 * 1000;

/**
 * Demo excise data of Domaine de Démo: CRD colours with a stock of capsules (an initial count and a
 * purchase) and the default colour of its bottle formats (AOP → green, spirits → lilac, other wines → blue), which the
 * stock seed's bottling entries consume. Runs before the stock seed: no DRM month is validated here. Idempotent.
 */
export async function seedExcise(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  const [existing] = await db.select({ id: crdColors.id }).from(crdColors).where(eq(crdColors.shopId, shop.id)).limit(1);
  if (existing) return;

  await db.transaction(async (tx) => {
    const now = Date.now();
    const ids: Record<string, number> = {};
    for (const c of DEMO_CRD_COLORS) {
      const purchase = c.isCRD ? Math.round(c.stock / 2) : 0;
      const [row] = await tx
        .insert(crdColors)
        .values({
          shopId: shop.id,
          name: c.name,
          color: c.color,
          type: c.type,
          isCRD: c.isCRD,
          stock: c.stock,
          createdAt: new Date(now - 120 * DAY),
        })
        .returning({ id: crdColors.id });
      ids[c.color] = row.id;
      await tx.insert(crdMovements).values({
        shopId: shop.id,
        crdColorId: row.id,
        quantity: c.stock - purchase,
        kind: 'adjustment',
        reason: 'Stock initial (inventaire)',
        occurredAt: new Date(now - 120 * DAY),
      });
      if (purchase)
        await tx.insert(crdMovements).values({
          shopId: shop.id,
          crdColorId: row.id,
          quantity: purchase,
          kind: 'purchase',
          reason: 'Achat de capsules CRD (fournisseur de capsules)',
          occurredAt: new Date(now - 100 * DAY),
        });
    }

    // the default capsule of each bottle format still without one
    const formats = await tx
      .select({ id: productFormats.id, productId: productFormats.productId, labels: products.labels })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(
        and(
          eq(productFormats.shopId, shop.id),
          eq(products.productType, 'bottle'),
          eq(productFormats.formatType, 'bottle'),
          isNull(productFormats.crdColorId),
        ),
      );
    if (!formats.length) return;
    const spirits = new Set(
      (
        await tx
          .selectDistinct({ productId: productVintages.productId })
          .from(productVintages)
          .where(
            and(
              inArray(
                productVintages.productId,
                formats.map((f) => f.productId),
              ),
              sql`${productVintages.legal}->>'code' like 'S%'`,
            ),
          )
      ).map((r) => r.productId),
    );
    const byColor = new Map<number, number[]>();
    for (const f of formats) {
      const colorId = spirits.has(f.productId) ? ids.lilas : f.labels.includes('AOP') || f.labels.includes('AOC') ? ids.vert : ids.bleu;
      byColor.set(colorId, [...(byColor.get(colorId) ?? []), f.id]);
    }
    for (const [colorId, formatIds] of byColor)
      await tx.update(productFormats).set({ crdColorId: colorId }).where(inArray(productFormats.id, formatIds));
  });
  logger?.info('demo excise data seeded');
}
