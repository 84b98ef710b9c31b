// Products of a whole-shop import. The rows of one product (same « Code produit », else same « Nom ») make
// one unit: the product's fields, its vintages (one per « Millésime ») and formats (one per « Code format », GTIN or
// contenance) with their prices per typology. A unit matches an existing product of the shop through a format (the
// products match grid, « F<id> » of our export, the GTIN), « P<id » of our export, or the name; it is then merged
// into it (the file's non-empty cells win, vintages and formats not in the file are kept). Every product is validated
// by the back-office contract (productInputSchema) and written by the products module's service, so the rules of the
// product form hold (GTIN check digit and uniqueness, typologies, excise rates…).
// Reading the rows: shop-data.products-read.ts; matching: -match.ts; merging: -merge.ts; validating: -decide.ts;
// writing and reverting through the products service: -write.ts.
import type { ProductInputParsed } from 'shared-kernel/contracts';
import { and, eq } from 'drizzle-orm';
import { productFormats, products } from '../catalog';
import { REQUIRED_ONE_OF } from './shop-data.columns';
import { decide, type ProductDecision } from './shop-data.products-decide';
import { loadIndex, type ProductIndex } from './shop-data.products-match';
import { readProducts, type ProductUnit } from './shop-data.products-read';
import { productsOn, revertProduct } from './shop-data.products-write';
import { changedIds } from './shop-data.repository';
import type { ChangeRecord, ShopEntity } from './shop-data.types';

export type { ProductUnit };
export { inputOfDetail } from './shop-data.products-merge';

export const productsImport: ShopEntity<ProductUnit, ProductInputParsed, ProductIndex> = {
  required: REQUIRED_ONE_OF.products,
  lineOf: (unit) => unit.row,
  read: ({ sheet, map }, ctx) => readProducts(sheet, map, ctx.shop),

  async load(db, ctx, _units, importId) {
    const index = await loadIndex(db, ctx.shop.shopId);
    if (importId !== undefined) for (const id of await changedIds(db, importId, 'product')) index.claimed.add(id);
    return index;
  },

  decide: (db, ctx, unit, index) => decide(db, ctx.shop, ctx.meta, unit, index),

  noted(index, d) {
    if (d.action === 'update' || d.action === 'unchanged') index.claimed.add(d.id);
  },

  async write(sp, { shop: ctx }, decision) {
    const d = decision as ProductDecision;
    if (d.action !== 'create' && d.action !== 'update') return { changes: [] };
    const service = productsOn(sp);
    let c: ChangeRecord;
    let id: number;
    if (d.action === 'create') {
      id = (await service.create(ctx.shopId, d.input)).id;
      c = { entity: 'product', entityId: id, action: 'created', before: null };
    } else {
      id = d.id;
      await service.update(ctx.shopId, id, d.input);
      c = { entity: 'product', entityId: id, action: 'updated', before: d.before };
    }
    const wasArchived = d.action === 'update' ? Boolean((d.before as { archived?: boolean }).archived) : false;
    if (d.archived !== undefined && d.archived !== wasArchived) await service.archive(ctx.shopId, id, d.archived);
    if (d.hidden)
      await sp
        .update(products)
        .set({ status: 'empty' })
        .where(and(eq(products.id, id), eq(products.shopId, ctx.shopId)));
    return { changes: [c] };
  },

  // what the next units of the batch are matched with
  async wrote(tx, { shop: ctx }, index, decision, _unit, { changes: [change] }) {
    const d = decision as ProductDecision;
    if (d.action === 'error') return;
    const saved = await tx
      .select({ id: productFormats.id, gtin: productFormats.gtin })
      .from(productFormats)
      .where(and(eq(productFormats.shopId, ctx.shopId), eq(productFormats.productId, change.entityId)));
    index.products.set(change.entityId, { name: d.input.name, archived: !!d.archived });
    index.claimed.add(change.entityId);
    for (const f of saved) {
      index.formats.set(f.id, { productId: change.entityId, gtin: f.gtin });
      if (f.gtin) index.byGtin.set(f.gtin, f.id);
    }
  },

  // an error of the products service (a GTIN taken meanwhile…) → the row and column of the file
  locate(_ctx, d, unit, field) {
    const at = (d as ProductDecision).where?.(field) ?? { row: unit.row };
    return { line: at.row, column: at.column };
  },

  revert: (tx, scope, change) => revertProduct(tx, scope, change),
};
