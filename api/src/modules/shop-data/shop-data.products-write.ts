// Writing products through the products module's service (GTIN check digit and uniqueness, typologies, excise
// rates… as the product form), and reverting one such change.
import { productInputSchema } from 'shared-kernel/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { products, productVintages } from '../catalog';
import { createProductsService } from '../products';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import type { Input } from './shop-data.products-merge';
import type { RevertScope } from './shop-data.types';

/** The products module's service on the caller's connection or transaction (its own transactions become savepoints). */
export function productsOn(dbx: DbOrTx) {
  const noMedia = {
    put: async () => {
      throw new Error('no media store in imports');
    },
    get: async () => null,
  };
  return createProductsService({
    db: dbx as unknown as Db,
    media: noMedia as unknown as Parameters<typeof createProductsService>[0]['media'],
  });
}

/** What revert puts back as stored (the service would rewrite them: a saved vintage's legal gets every key). */
export async function rawOf(dbx: DbOrTx, productId: number) {
  const [p] = await dbx
    .select({ updatedAt: products.updatedAt, archivedAt: products.archivedAt, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  const vintages = await dbx
    .select({ id: productVintages.id, legal: productVintages.legal, nutrition: productVintages.nutrition })
    .from(productVintages)
    .where(eq(productVintages.productId, productId));
  return {
    updatedAt: p?.updatedAt.toISOString() ?? null,
    archivedAt: p?.archivedAt?.toISOString() ?? null,
    status: p?.status ?? null,
    vintages,
  };
}

/** Revert of one product change, in the caller's transaction: 'deleted' | 'archived' | 'restored' | 'gone'. */
export async function revertProduct(
  tx: DbOrTx,
  { shopId }: RevertScope,
  change: { entityId: number; action: string; before: Record<string, unknown> | null },
) {
  const service = productsOn(tx);
  if (change.action === 'created') {
    try {
      await tx.transaction(async (sp) => {
        await productsOn(sp).remove(shopId, change.entityId);
      });
      return 'deleted' as const;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return 'gone' as const;
      if (err instanceof HttpError && err.status === 409) {
        // ordered or moved in stock since: it leaves the shop instead
        await service.archive(shopId, change.entityId, true);
        return 'archived' as const;
      }
      throw err;
    }
  }
  const before = change.before as { input: Input; raw?: Awaited<ReturnType<typeof rawOf>> } | null;
  if (!before?.input) return 'gone' as const;
  const input = productInputSchema.safeParse({ ...before.input, status: before.input.status === 'empty' ? 'paused' : before.input.status });
  if (!input.success) throw new HttpError(409, M.revertBlocked(`le produit « ${before.input.name} »`, input.error.issues[0].message));
  try {
    await tx.transaction(async (sp) => {
      await productsOn(sp).update(shopId, change.entityId, input.data);
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return 'gone' as const;
    if (err instanceof HttpError && err.status < 500)
      throw new HttpError(409, M.revertBlocked(`le produit « ${before.input.name} »`, err.message));
    throw err;
  }
  const raw = before.raw;
  if (raw) {
    await tx
      .update(products)
      .set({
        archivedAt: raw.archivedAt ? new Date(raw.archivedAt) : null,
        ...(raw.status ? { status: raw.status } : {}),
        ...(raw.updatedAt ? { updatedAt: new Date(raw.updatedAt) } : {}),
      })
      .where(and(eq(products.id, change.entityId), eq(products.shopId, shopId)));
    for (const v of raw.vintages)
      await tx
        .update(productVintages)
        .set({ legal: v.legal, nutrition: v.nutrition })
        .where(and(eq(productVintages.id, v.id), eq(productVintages.productId, change.entityId)));
  }
  return 'restored' as const;
}
