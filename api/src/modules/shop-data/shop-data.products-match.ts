// Matching the file's products with the shop's: through a format (the products match grid, « F<id> » of our export,
// the GTIN), « P<id> » of our export, or the name.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { productFormats, products } from '../catalog';
import type { ImportContext } from './shop-data.context';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { lower, type FormatPart, type ProductUnit } from './shop-data.products-read';
import { col, rowError, type ImportMeta, type RowError } from './shop-data.types';

/** What the shop has, to match the file's products with. */
export interface ProductIndex {
  products: Map<number, { name: string; archived: boolean }>;
  /** lower(name) → the products of that name, those still in the shop first */
  byName: Map<string, number[]>;
  /**
   * products this import already created or matched: another unit of the file (another « Code produit ») never merges
   * into them by name — two products of one name stay two
   */
  claimed: Set<number>;
  formats: Map<number, { productId: number; gtin: string | null }>;
  byGtin: Map<string, number>;
}
export async function loadIndex(dbx: DbOrTx, shopId: number): Promise<ProductIndex> {
  const ps = await dbx
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.shopId, shopId))
    .orderBy(products.id);
  const fs = await dbx
    .select({ id: productFormats.id, productId: productFormats.productId, gtin: productFormats.gtin })
    .from(productFormats)
    .where(eq(productFormats.shopId, shopId));
  const index: ProductIndex = { products: new Map(), byName: new Map(), claimed: new Set(), formats: new Map(), byGtin: new Map() };
  // a name matches the products still in the shop first, then the archived ones
  for (const archived of [false, true])
    for (const p of ps)
      if ((p.archivedAt !== null) === archived) index.byName.set(lower(p.name), [...(index.byName.get(lower(p.name)) ?? []), p.id]);
  for (const p of ps) index.products.set(p.id, { name: p.name, archived: p.archivedAt !== null });
  for (const f of fs) {
    index.formats.set(f.id, { productId: f.productId, gtin: f.gtin });
    if (f.gtin) index.byGtin.set(f.gtin, f.id);
  }
  return index;
}
/** The shop's format a file format names by code: the match grid, or « F<id> » of our export (this shop's only). */
export function formatIdByCode(f: FormatPart, ctx: ImportContext, index: ProductIndex): number | null {
  if (!f.formatCode) return null;
  const viaGrid = ctx.gridFormatId(f.formatCode);
  if (viaGrid && index.formats.has(viaGrid)) return viaGrid;
  const own = /^F(\d{1,9})$/i.exec(f.formatCode.trim());
  return own && index.formats.has(Number(own[1])) ? Number(own[1]) : null;
}
/** The existing product a unit is, if any (an error when its formats name several). */
export function matchProduct(unit: ProductUnit, ctx: ImportContext, index: ProductIndex, meta: ImportMeta): number | null | RowError {
  const targets = new Map<number, FormatPart>();
  for (const f of unit.formats) {
    const byCode = formatIdByCode(f, ctx, index);
    const byGtin = f.fields.gtin ? index.byGtin.get(String(f.fields.gtin)) : undefined;
    const formatId = byCode ?? byGtin;
    if (formatId) targets.set(index.formats.get(formatId)!.productId, f);
  }
  if (targets.size > 1) {
    const f = [...targets.values()][1];
    return rowError(f.row, col(meta, f.formatCode ? 'formatCode' : 'gtin'), M.severalProducts);
  }
  if (targets.size === 1) return [...targets.keys()][0];
  const own = unit.code ? /^P(\d{1,9})$/i.exec(unit.code.trim()) : null;
  if (own && index.products.has(Number(own[1]))) return Number(own[1]);
  const name = unit.product.name as string | undefined;
  return name ? (index.byName.get(lower(name))?.find((id) => !index.claimed.has(id)) ?? null) : null;
}
