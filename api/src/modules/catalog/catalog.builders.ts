import { and, asc, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { BoxBuilder, BuilderOption, ShopBuilder, ShopBuilderDetail } from 'shared-kernel/contracts';
import { formatDisplayName } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { productFormats, productVintages, products, shopPublicPages } from './catalog.tables';
import type { ShopRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { hydrateProducts } from './catalog.service';
import { isStaffOf, typologyFor, type Viewer } from './catalog.access';
import { assertShopOpen } from '../../platform/routes';
import { findShopRef } from './catalog.repository';
export { findShopRef };

/** Box builders ('Composer un coffret'): box products of a shop carrying a `builder` definition. */

export const BUILDER_MESSAGES = {
  notFound: "Ce coffret à composer n'existe pas",
} as const;

async function builderRows(db: Db, shopId: number, productId?: number) {
  const conds: SQL[] = [
    eq(products.shopId, shopId),
    eq(products.productType, 'box'),
    isNotNull(products.builder),
    ne(products.status, 'empty'),
  ];
  if (productId !== undefined) conds.push(eq(products.id, productId));
  return db
    .select()
    .from(products)
    .where(and(...conds))
    .orderBy(asc(products.position), asc(products.id));
}

async function hydrateFor(db: Db, viewer: Viewer, shop: ShopRow, rows: Array<typeof products.$inferSelect>) {
  const pages = new Map((await db.select().from(shopPublicPages).where(eq(shopPublicPages.shopId, shop.id))).map((p) => [p.shopId, p]));
  return hydrateProducts(db, rows, [shop], new Map([[shop.id, typologyFor(shop, viewer)]]), viewer, pages);
}

export async function listBuilders(db: Db, viewer: Viewer, ref: string): Promise<ShopBuilder[]> {
  const shop = await findShopRef(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  if (!isStaffOf(viewer, shop.id)) assertShopOpen(shop);
  const rows = await builderRows(db, shop.id);
  const hydrated = await hydrateFor(db, viewer, shop, rows);
  return hydrated.map((product) => ({ product, builder: product.builder as BoxBuilder }));
}

/** The bottles a buyer may put in the box: online products matching `eligible`, one option per vintage, the eligible format in stock. */
export async function builderOptions(db: Db, shopId: number, b: BoxBuilder): Promise<BuilderOption[]> {
  const e = b.eligible ?? {};
  const conds: SQL[] = [
    eq(products.shopId, shopId),
    eq(products.status, 'online'),
    inArray(products.productType, (e.productType?.length ? e.productType : ['bottle']) as Array<'bottle'>),
  ];
  if (e.color?.length) conds.push(inArray(products.color, e.color));
  if (e.gamme?.length) conds.push(inArray(products.gamme, e.gamme));
  if (e.type?.length) conds.push(inArray(products.type, e.type));
  const prods = await db
    .select()
    .from(products)
    .where(and(...conds))
    .orderBy(asc(products.position), asc(products.id));
  if (!prods.length) return [];
  const ids = prods.map((p) => p.id);
  const [vints, fmts] = await Promise.all([
    db
      .select()
      .from(productVintages)
      .where(inArray(productVintages.productId, ids))
      .orderBy(asc(productVintages.position), asc(productVintages.id)),
    db
      .select()
      .from(productFormats)
      .where(inArray(productFormats.productId, ids))
      .orderBy(asc(productFormats.position), asc(productFormats.id)),
  ]);
  const out: BuilderOption[] = [];
  for (const p of prods) {
    const formats = fmts.filter(
      (f) => f.productId === p.id && f.stock > 0 && (!e.containers?.length || (f.container && e.containers.includes(f.container))),
    );
    const vs = vints.filter((v) => v.productId === p.id);
    for (const v of vs.length ? vs : [null]) {
      const f = formats.find((x) => x.vintageId == null || x.vintageId === v?.id);
      if (!f) continue;
      out.push({
        productId: p.id,
        formatId: f.id,
        vintageId: v?.id ?? null,
        name: p.name,
        vintage: v?.name ?? null,
        color: p.color,
        gamme: p.gamme,
        precision: p.precision,
        format: formatDisplayName(f),
        visual: p.visuals?.[0] ?? null,
        stock: f.stock,
      });
    }
  }
  return out;
}

export async function getBuilder(db: Db, viewer: Viewer, ref: string, builderRef: string): Promise<ShopBuilderDetail> {
  const shop = await findShopRef(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  if (!isStaffOf(viewer, shop.id)) assertShopOpen(shop);
  const id = /^(\d{1,9})(?:-|$)/.exec(builderRef)?.[1];
  if (!id) throw new HttpError(404, BUILDER_MESSAGES.notFound, 'builder');
  const rows = await builderRows(db, shop.id, Number(id));
  if (!rows.length) throw new HttpError(404, BUILDER_MESSAGES.notFound, 'builder');
  const [product] = await hydrateFor(db, viewer, shop, rows);
  const builder = product.builder as BoxBuilder;
  return { product, builder, options: await builderOptions(db, shop.id, builder) };
}
